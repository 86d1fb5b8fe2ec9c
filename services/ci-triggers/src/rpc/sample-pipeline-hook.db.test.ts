import { status, type ServiceError } from '@grpc/grpc-js'
import {
  ListPipelinesRequest,
  PipelineServiceClient,
  PipelineServiceService,
  ProjectAbilities,
  type Caller,
} from '@suite/proto'
import {
  createClient,
  createLogger,
  createRegistry,
  decodeHookEvent,
  GrpcServer,
  HOOK_EVENT_OUTBOX,
  outboxRowsOf,
  readErrorDetail,
  type HookEvent,
  type PromiseClient,
  generateInternalSecret,
} from '@suite/runtime'
import { createTestSchema, type TestSchema } from '@suite/runtime/testing'
import type { NewPipeline, PipelineContents } from '../domain/ports.js'
import { processLocked } from '../domain/process-pipeline.js'
import { migrations } from '../migrations/index.js'
import { PipelinesStore } from '../store/pipelines.store.js'
import type { Database } from '../store/schema.js'
import { pipelineService } from './pipeline.rpc.js'

/** INTERNAL_API_SECRET of the in-process server and its client. */
const SECRET = generateInternalSecret()

const PROJECT = 31
const OTHER_PROJECT = 32
const EMPTY_PROJECT = 33
const PROJECT_URL = 'https://gitlab.example.com/group/project'

let database: TestSchema<Database>
let store: PipelinesStore
let server: GrpcServer
let client: { raw: PipelineServiceClient; rpc: PromiseClient<PipelineServiceClient> }

/** A caller with (or without) read_pipeline in `projectId`. */
function caller(projectId: number, readPipeline = true): Caller {
  return {
    userId: 6,
    admin: false,
    scopes: ['api'],
    project: ProjectAbilities.fromPartial({ projectId, readPipeline, readBuild: readPipeline }),
  }
}

function newPipeline(projectId: number, ref: string, userId: number): NewPipeline {
  return {
    projectId,
    sha: 'f'.repeat(40),
    ref,
    status: 'created',
    source: 'push',
    userId,
    startedAt: null,
    finishedAt: null,
    committedAt: null,
    duration: null,
    beforeSha: '0'.repeat(40),
    tag: false,
    mergeRequestId: null,
    idempotencyKey: null,
    triggerId: null,
    yamlErrors: null,
    failureReason: null,
    name: null,
    upstream: null,
    predefinedVariables: { CI_PROJECT_URL: PROJECT_URL, CI_PROJECT_PATH: 'group/project' },
  }
}

const contents: PipelineContents = {
  jobs: [
    {
      name: 'compile',
      stage: 'build',
      stageIdx: 0,
      when: 'on_success',
      allowFailure: false,
      needs: null,
      tagList: [],
      options: { script: ['true'] },
      yamlVariables: {},
    },
  ],
  variables: [{ key: 'DEPLOY', value: 'yes', variableType: 'env_var' }],
  process: (locked) => processLocked(locked, new Date()),
}

/** The last event the outbox holds for pipeline `id`: what its status change sent. */
async function lastOutboxEvent(id: number): Promise<HookEvent | undefined> {
  const rows = await database.db
    .transaction()
    .execute((trx) => outboxRowsOf(trx, HOOK_EVENT_OUTBOX).lockPending(1_000))
  return rows
    .map((row) => row.payload)
    .filter((event) => (event.payload['object_attributes'] as { id: number }).id === id)
    .at(-1)
}

async function sample(request: { caller: Caller; projectId: number }) {
  const { eventJson } = await client.rpc.samplePipelineHook(request)
  return eventJson === undefined ? undefined : decodeHookEvent(JSON.parse(eventJson))
}

beforeAll(async () => {
  database = await createTestSchema<Database>('ci_sample_hook_test', migrations)
  store = new PipelinesStore(database.db)
  const registry = createRegistry('ci-triggers')
  server = new GrpcServer({
    service: 'ci-triggers',
    logger: createLogger('ci-triggers', 'silent'),
    registry,
    internalSecret: SECRET,
  })
  // Only the store is reached by the reads under test.
  const deps = { store } as unknown as Parameters<typeof pipelineService>[1]
  server.add(PipelineServiceService, pipelineService(server, deps), 'gitlab.ci.v1.PipelineService')
  const port = await server.listen('127.0.0.1', 0)
  client = createClient(PipelineServiceClient, {
    address: `127.0.0.1:${port}`,
    registry,
    internalSecret: SECRET,
  })
})

afterAll(async () => {
  client.raw.close()
  await server.shutdown(100)
  await database.drop()
})

describe('SamplePipelineHook', () => {
  it("answers the event of the project's newest pipeline, as its status change sent it", async () => {
    const older = await store.create(newPipeline(PROJECT, 'main', 5), contents)
    const newest = await store.create(newPipeline(PROJECT, 'feature', 7), contents)
    // Newer still, but of another project.
    await store.create(newPipeline(OTHER_PROJECT, 'main', 8), contents)
    expect(newest.pipeline.id).toBeGreaterThan(older.pipeline.id)

    const event = await sample({ caller: caller(PROJECT), projectId: PROJECT })
    expect(event).toMatchObject({ projectId: PROJECT, kind: 'pipeline_hooks', userId: 7 })
    const sent = await lastOutboxEvent(newest.pipeline.id)
    expect(sent).toBeDefined()
    // The same payload the status change wrote (builds' durations count to each one's now).
    expect(event?.payload['object_attributes']).toEqual(sent?.payload['object_attributes'])
    expect(event?.payload).toMatchObject({
      object_kind: 'pipeline',
      object_attributes: {
        id: newest.pipeline.id,
        ref: 'feature',
        status: 'pending',
        stages: ['build'],
        variables: [{ key: 'DEPLOY', value: 'yes' }],
        url: `${PROJECT_URL}/-/pipelines/${newest.pipeline.id}`,
      },
      merge_request: null,
      user: null,
      project: null,
      builds: [{ name: 'compile', stage: 'build', status: 'pending' }],
    })
    expect(Object.keys(event?.payload ?? {})).toEqual(Object.keys(sent?.payload ?? {}))
    // A sample is an event of its own.
    expect(event?.uuid).not.toBe(sent?.uuid)
  })

  it('answers nothing for a project without pipelines', async () => {
    expect(await sample({ caller: caller(EMPTY_PROJECT), projectId: EMPTY_PROJECT })).toBe(
      undefined,
    )
  })

  it('refuses a caller who may not read the pipelines, as ListPipelines does', async () => {
    const refusals = await Promise.all(
      [
        caller(PROJECT, false),
        // Abilities in another project count as none.
        caller(OTHER_PROJECT),
        { userId: 6, admin: false, scopes: ['api'], project: undefined },
      ].map((who) =>
        client.rpc
          .samplePipelineHook({ caller: who, projectId: PROJECT })
          .then(() => undefined)
          .catch((error: ServiceError) => error),
      ),
    )
    const listed = await client.rpc
      .listPipelines(
        ListPipelinesRequest.fromPartial({ projectId: PROJECT, caller: caller(PROJECT, false) }),
      )
      .then(() => undefined)
      .catch((error: ServiceError) => error)
    for (const refusal of [...refusals, listed]) {
      expect(refusal?.code).toBe(status.PERMISSION_DENIED)
    }
    expect(refusals.map((refusal) => refusal && readErrorDetail(refusal))).toEqual(
      Array(3).fill(listed && readErrorDetail(listed)),
    )
  })
})
