import { status, type ServiceError } from '@grpc/grpc-js'
import {
  PipelineServiceClient,
  ProjectAbilities,
  PipelineServiceService,
  type CreatePipelineRequest,
} from '@suite/proto'
import {
  GrpcServer,
  createClient,
  createLogger,
  createRegistry,
  readErrorDetail,
  type PromiseClient,
} from '@suite/runtime'
import { InMemoryPipelineStore } from '../testing/in-memory-pipeline-store.js'
import { pipelineService } from './pipeline.rpc.js'

/** A real gRPC round trip on loopback, with the store in memory. */
describe('PipelineService over gRPC', () => {
  let server: GrpcServer
  let client: { raw: PipelineServiceClient; rpc: PromiseClient<PipelineServiceClient> }

  beforeAll(async () => {
    const registry = createRegistry('ci-triggers')
    server = new GrpcServer({
      service: 'ci-triggers',
      logger: createLogger('ci-triggers', 'silent'),
      registry,
    })
    server.add(
      PipelineServiceService,
      pipelineService(server, new InMemoryPipelineStore()),
      'gitlab.ci.v1.PipelineService',
    )
    const port = await server.listen('127.0.0.1', 0)
    client = createClient(PipelineServiceClient, { address: `127.0.0.1:${port}`, registry })
  })

  afterAll(async () => {
    client.raw.close()
    await server.shutdown(100)
  })

  const request: CreatePipelineRequest = {
    caller: {
      userId: 1,
      admin: false,
      scopes: ['api'],
      project: ProjectAbilities.fromPartial({ projectId: 7, createPipeline: true }),
    },
    projectId: 7,
    sha: 'a'.repeat(40),
    ref: 'refs/merge-requests/1/head',
    source: 'merge_request_event',
    tag: false,
    beforeSha: '',
    mergeRequestId: 3,
    committedAt: undefined,
    idempotencyKey: 'mr-3-pipeline-1',
  }

  const failure = (promise: Promise<unknown>): Promise<ServiceError> =>
    promise.then(
      () => Promise.reject(new Error('expected the call to fail')),
      (error: ServiceError) => error,
    )

  it('creates a skipped pipeline owned by the caller, and a retry answers the same one', async () => {
    const { pipeline } = await client.rpc.createPipeline(request)
    expect(pipeline).toMatchObject({ iid: 1, status: 'skipped', userId: 1, mergeRequestId: 3 })
    expect(pipeline?.startedAt).toBeUndefined()
    expect(pipeline?.finishedAt).toBeUndefined()
    const retry = await client.rpc.createPipeline(request)
    expect(retry.pipeline?.id).toBe(pipeline?.id)
  })

  it('reads, batch-reads and lists what it created', async () => {
    const { pipeline } = await client.rpc.createPipeline({ ...request, idempotencyKey: '' })
    const id = pipeline?.id ?? 0
    expect((await client.rpc.getPipeline({ projectId: 7, id })).pipeline?.id).toBe(id)
    const batch = await client.rpc.batchGetPipelines({ ids: [id, 404] })
    expect(batch.pipelines.map((p) => p.id)).toEqual([id])
    const list = await client.rpc.listPipelines({
      projectId: 7,
      mergeRequestId: 3,
      page: { page: 1, perPage: 20 },
    })
    expect(list.pipelines[0]?.id).toBe(id)
    expect(list.pageInfo?.total).toBe(list.pipelines.length)
  })

  it('answers NOT_FOUND, resource "Pipeline", for a pipeline of another project', async () => {
    const error = await failure(client.rpc.getPipeline({ projectId: 8, id: 1 }))
    expect(error.code).toBe(status.NOT_FOUND)
    expect(readErrorDetail(error)?.resource).toBe('Pipeline')
  })

  it('answers PERMISSION_DENIED to a caller without create_pipeline in the project', async () => {
    const withoutAbility = {
      ...request,
      caller: { ...request.caller!, project: ProjectAbilities.fromPartial({ projectId: 7 }) },
    }
    expect((await failure(client.rpc.createPipeline(withoutAbility))).code).toBe(
      status.PERMISSION_DENIED,
    )
    const otherProject = { ...request, projectId: 8 }
    expect((await failure(client.rpc.createPipeline(otherProject))).code).toBe(
      status.PERMISSION_DENIED,
    )
  })

  it('answers INVALID_ARGUMENT with field errors for an empty sha or ref', async () => {
    const error = await failure(client.rpc.createPipeline({ ...request, sha: '', ref: '' }))
    expect(error.code).toBe(status.INVALID_ARGUMENT)
    expect(readErrorDetail(error)?.fieldErrors).toEqual([
      { field: 'sha', messages: ["can't be blank"] },
      { field: 'ref', messages: ["can't be blank"] },
    ])
  })
})
