import { status, type ServiceError } from '@grpc/grpc-js'
import {
  ProjectAbilities,
  TriggerServiceClient,
  TriggerServiceService,
  type Caller,
} from '@suite/proto'
import {
  GrpcServer,
  createClient,
  createLogger,
  createRegistry,
  readErrorDetail,
  type PromiseClient,
  generateInternalSecret,
} from '@suite/runtime'
import type { Caller as DomainCaller } from '../domain/caller.js'
import type { Pipeline } from '../domain/pipeline.js'
import type { PipelineRequest } from '../domain/pipeline-request.js'
import type { AccessPort } from '../domain/ports.js'
import { InMemoryTriggerStore } from '../testing/in-memory-trigger-store.js'
import { triggerService } from './trigger.rpc.js'

/** INTERNAL_API_SECRET of the in-process server and its client. */
const SECRET = generateInternalSecret()

const NOW = new Date('2026-11-26T12:00:00.000Z')
const PROJECT = 7

function caller(userId: number, adminPipelineTriggers = true): Caller {
  return {
    userId,
    admin: false,
    scopes: ['api'],
    project: ProjectAbilities.fromPartial({ projectId: PROJECT, adminPipelineTriggers }),
  }
}

const owner: DomainCaller = {
  userId: 1,
  admin: false,
  grant: {
    projectId: PROJECT,
    readPipeline: true,
    createPipeline: true,
    updatePipeline: true,
    adminPipeline: true,
    destroyPipeline: false,
    adminPipelineTriggers: true,
    readBuild: true,
    readCommitStatus: true,
    updateBuild: false,
    adminRunner: false,
    readRunners: false,
    adminJobTokenScope: false,
  },
}

const access: AccessPort = {
  callerFor: (userId) =>
    Promise.resolve(
      userId === 1
        ? {
            caller: owner,
            project: {
              id: PROJECT,
              fullPath: 'g/p',
              name: 'P',
              defaultBranch: 'main',
              ciConfigPath: null,
              groupIds: [],
            },
          }
        : undefined,
    ),
  project: () =>
    Promise.resolve({
      id: PROJECT,
      fullPath: 'g/p',
      name: 'P',
      defaultBranch: 'main',
      ciConfigPath: null,
      groupIds: [],
    }),
  groupReach: () => Promise.resolve('missing'),
}

/** A real gRPC round trip on loopback, with the tokens in memory and a recording creator. */
describe('TriggerService over gRPC', () => {
  let server: GrpcServer
  let client: { raw: TriggerServiceClient; rpc: PromiseClient<TriggerServiceClient> }
  const store = new InMemoryTriggerStore(() => NOW)
  const requests: PipelineRequest[] = []

  beforeAll(async () => {
    const registry = createRegistry('ci-triggers')
    server = new GrpcServer({
      service: 'ci-triggers',
      logger: createLogger('ci-triggers', 'silent'),
      registry,
      internalSecret: SECRET,
    })
    const pipelines = {
      create: (request: PipelineRequest): Promise<Pipeline> => {
        requests.push(request)
        return Promise.resolve({
          id: 9,
          iid: 1,
          projectId: request.projectId,
          sha: 'a'.repeat(40),
          ref: request.ref,
          status: 'pending',
          source: 'trigger',
          userId: request.caller.userId,
          createdAt: NOW,
          updatedAt: NOW,
          startedAt: null,
          finishedAt: null,
          committedAt: null,
          duration: null,
          queuedDuration: null,
          coverage: null,
          beforeSha: '0'.repeat(40),
          tag: false,
          yamlErrors: null,
          mergeRequestId: null,
          name: null,
        } as Pipeline)
      },
    }
    const deps = { triggers: store, access, pipelines, now: () => NOW, observeLookup: () => {} }
    server.add(TriggerServiceService, triggerService(server, deps), 'gitlab.ci.v1.TriggerService')
    const port = await server.listen('127.0.0.1', 0)
    client = createClient(TriggerServiceClient, {
      address: `127.0.0.1:${port}`,
      registry,
      internalSecret: SECRET,
    })
  })

  afterAll(async () => {
    client.raw.close()
    await server.shutdown(100)
  })

  it('creates, lists with short tokens for others, updates and deletes', async () => {
    const { trigger } = await client.rpc.createTrigger({
      caller: caller(1),
      projectId: PROJECT,
      description: 'deploy',
      expiresAt: undefined,
    })
    expect(trigger).toMatchObject({ id: 1, ownerId: 1, description: 'deploy', lastUsed: undefined })
    expect(trigger?.token).toMatch(/^glptt-[0-9a-f]{40}$/)
    const list = await client.rpc.listTriggers({
      caller: caller(2),
      projectId: PROJECT,
      page: undefined,
    })
    expect(list.triggers.map((t) => t.token)).toEqual(['glpt'])
    expect(list.pageInfo?.total).toBe(1)
    const updated = await client.rpc.updateTrigger({
      caller: caller(1),
      projectId: PROJECT,
      id: 1,
      description: undefined,
    })
    expect(updated.trigger?.description).toBeUndefined()
  })

  it('refuses with statuses the gateway maps to GitLab bodies', async () => {
    const forbidden = await client.rpc
      .getTrigger({ caller: caller(3, false), projectId: PROJECT, id: 1 })
      .catch((error: ServiceError) => error)
    expect((forbidden as ServiceError).code).toBe(status.PERMISSION_DENIED)
    const notOwner = await client.rpc
      .updateTrigger({ caller: caller(2), projectId: PROJECT, id: 1, description: 'x' })
      .catch((error: ServiceError) => error)
    expect(readErrorDetail(notOwner as ServiceError)?.message).toBe(
      'The current user is not authorized to update the pipeline trigger token',
    )
    const missing = await client.rpc
      .deleteTrigger({ caller: caller(1), projectId: PROJECT, id: 99 })
      .catch((error: ServiceError) => error)
    expect((missing as ServiceError).code).toBe(status.NOT_FOUND)
    expect(readErrorDetail(missing as ServiceError)?.reason).toBe('record_not_found')
  })

  it('triggers a pipeline by token and project path, and misses alike otherwise', async () => {
    const token = store.triggers[0]!.token
    const answer = await client.rpc.triggerPipeline({
      token,
      project: { fullPath: 'g/p' },
      ref: 'main',
      variables: [{ key: 'A', value: '1', variableType: '' }],
      inputs: [{ name: 'n', numberValue: 3 }],
    })
    expect(answer.pipeline).toMatchObject({ id: 9, source: 'trigger', userId: 1 })
    expect(requests[0]).toMatchObject({ source: 'trigger', triggerId: 1, inputs: { n: 3 } })
    for (const wrong of [
      { token: 'glptt-nope', project: { id: PROJECT } },
      { token, project: { id: 8 } },
      { token, project: undefined },
    ]) {
      const error = await client.rpc
        .triggerPipeline({ ...wrong, ref: 'main', variables: [], inputs: [] })
        .catch((e: ServiceError) => e)
      expect((error as ServiceError).code).toBe(status.NOT_FOUND)
      expect(readErrorDetail(error as ServiceError)?.resource).toBe('')
    }
  })
})
