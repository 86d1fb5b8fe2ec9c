import { HOOK_EVENT_OUTBOX, outboxRowsOf, type HookEvent } from '@suite/runtime'
import { createTestSchema, type TestSchema } from '@suite/runtime/testing'
import type { Caller } from '../domain/caller.js'
import { createCommitStatus } from '../domain/create-commit-status.js'
import type { NewJob } from '../domain/job.js'
import type { NewPipeline, PipelineContents, PipelineState } from '../domain/ports.js'
import { changeLocked, processLocked } from '../domain/process-pipeline.js'
import { migrations } from '../migrations/index.js'
import { CommitStatusesStore } from './commit-statuses.store.js'
import { PipelinesStore } from './pipelines.store.js'
import type { Database } from './schema.js'

const SHA = 'e'.repeat(40)
const PROJECT_URL = 'https://gitlab.example.com/group/project'

let database: TestSchema<Database>
let store: PipelinesStore

beforeAll(async () => {
  database = await createTestSchema<Database>('ci_hook_events_test', migrations)
  store = new PipelinesStore(database.db)
})

afterAll(async () => {
  await database.drop()
})

const branchPipeline: NewPipeline = {
  projectId: 8,
  sha: SHA,
  ref: 'main',
  status: 'created',
  source: 'push',
  userId: 5,
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

function newJob(name: string, stage: string, stageIdx: number): NewJob {
  return {
    name,
    stage,
    stageIdx,
    when: 'on_success',
    allowFailure: false,
    needs: null,
    tagList: [],
    options: { script: ['true'] },
    yamlVariables: {},
  }
}

const contents: PipelineContents = {
  jobs: [newJob('compile', 'build', 0), newJob('unit', 'test', 1)],
  variables: [{ key: 'DEPLOY', value: 'yes', variableType: 'env_var' }],
  process: (locked) => processLocked(locked, new Date()),
}

/** The webhook events waiting in the outbox for pipeline `id`, oldest first. */
async function hookEvents(id: number): Promise<HookEvent[]> {
  const rows = await database.db
    .transaction()
    .execute((trx) => outboxRowsOf(trx, HOOK_EVENT_OUTBOX).lockPending(1_000))
  return rows
    .map((row) => row.payload)
    .filter((event) => (event.payload['object_attributes'] as { id: number }).id === id)
}

const statusesOf = (events: HookEvent[]) =>
  events.map((event) => (event.payload['object_attributes'] as { status: string }).status)

/** Finishes the pipeline's active jobs with `status` as a runner would, then settles it. */
function finishJobs(projectId: number, id: number, status: 'success' | 'failed') {
  return store.withLocked(projectId, id, (locked) => {
    const now = new Date()
    const changes = locked.jobs
      .filter((job) => job.status === 'pending')
      .map((job) => ({ id: job.id, status, queuedAt: null, finishedAt: now }))
    return changeLocked(locked, changes, now)
  })
}

describe('hook_event_outbox', () => {
  it('gets one pipeline event per status change of a created and finished pipeline', async () => {
    const { pipeline } = await store.create(branchPipeline, contents)
    // Stored created, then processed to pending in the same transaction: one event.
    let events = await hookEvents(pipeline.id)
    expect(statusesOf(events)).toEqual(['pending'])
    const [first] = events
    expect(first).toMatchObject({ projectId: 8, kind: 'pipeline_hooks', userId: 5 })
    expect(first?.payload).toMatchObject({
      object_kind: 'pipeline',
      object_attributes: {
        id: pipeline.id,
        iid: pipeline.iid,
        status: 'pending',
        detailed_status: 'pending',
        stages: ['build', 'test'],
        variables: [{ key: 'DEPLOY', value: 'yes' }],
        url: `${PROJECT_URL}/-/pipelines/${pipeline.id}`,
      },
      user: null,
      project: null,
    })
    expect(
      (first?.payload['builds'] as { name: string; status: string }[]).map((b) => b.name),
    ).toEqual(['compile', 'unit'])

    // The first stage passes and the second is queued: success and pending make running.
    await finishJobs(pipeline.projectId, pipeline.id, 'success')
    events = await hookEvents(pipeline.id)
    expect(statusesOf(events)).toEqual(['pending', 'running'])

    // The second stage fails: the pipeline fails with it.
    await finishJobs(pipeline.projectId, pipeline.id, 'failed')
    events = await hookEvents(pipeline.id)
    expect(statusesOf(events)).toEqual(['pending', 'running', 'failed'])
    const last = events.at(-1)
    expect(last?.payload['builds']).toMatchObject([
      { name: 'compile', status: 'success', failure_reason: null },
      { name: 'unit', status: 'failed' },
    ])
    expect(last?.payload['object_attributes']).toMatchObject({
      detailed_status: 'failed',
      finished_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/),
    })
    // Each event is its own, for the hooks' Idempotency-Key.
    expect(new Set(events.map((event) => event.uuid)).size).toBe(3)
  })

  it('writes nothing for a status that did not change, nor for a rolled back change', async () => {
    const { pipeline } = await store.create({ ...branchPipeline, status: 'running' })
    const state: PipelineState = {
      status: 'running',
      startedAt: new Date(),
      finishedAt: null,
      duration: null,
      queuedDuration: null,
    }
    await store.withLocked(pipeline.projectId, pipeline.id, (locked) =>
      locked.updatePipeline(state),
    )
    await expect(
      store.withLocked(pipeline.projectId, pipeline.id, async (locked) => {
        await locked.updatePipeline({ ...state, status: 'canceled', finishedAt: new Date() })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    // Stored running (no processing): its one event says so.
    expect(statusesOf(await hookEvents(pipeline.id))).toEqual(['running'])
  })

  it('reports a pipeline stored failed by its configuration once', async () => {
    const { pipeline } = await store.create(
      {
        ...branchPipeline,
        status: 'failed',
        finishedAt: new Date(),
        yamlErrors: 'jobs config should contain at least one visible job',
        failureReason: 'config_error',
      },
      { jobs: [], variables: [] },
    )
    const events = await hookEvents(pipeline.id)
    expect(statusesOf(events)).toEqual(['failed'])
    expect(events[0]?.payload).toMatchObject({
      object_attributes: { stages: [], variables: [] },
      builds: [],
    })
  })

  it('reports the status changes of an external pipeline commit statuses make', async () => {
    const caller: Caller = {
      userId: 6,
      admin: false,
      grant: {
        projectId: 8,
        readPipeline: true,
        createPipeline: true,
        updatePipeline: true,
        adminPipeline: false,
        destroyPipeline: false,
        adminPipelineTriggers: false,
        readBuild: true,
        readCommitStatus: true,
        updateBuild: true,
        adminRunner: false,
        readRunners: false,
        adminJobTokenScope: false,
      },
    }
    const deps = {
      statuses: new CommitStatusesStore(database.db),
      commits: {
        commitSha: () => Promise.resolve(SHA),
        branchesContaining: () => Promise.resolve(['main']),
      },
      now: () => new Date(),
      project: {
        access: {
          project: (id: number) =>
            Promise.resolve({
              id,
              fullPath: 'group/project',
              name: 'project',
              defaultBranch: 'main',
              ciConfigPath: null,
              groupIds: [],
            }),
        },
        externalUrl: 'https://gitlab.example.com',
      },
    }
    const post = (state: string, name = 'default') =>
      createCommitStatus(deps, { caller, projectId: 8, sha: SHA, ref: 'external', state, name })
    const first = await post('pending')
    // A second pending status leaves the pipeline pending: no event.
    await post('pending', 'other')
    await post('running')
    // success and pending make running still.
    await post('success')
    await post('success', 'other')
    const events = await hookEvents(first.job.pipelineId)
    expect(statusesOf(events)).toEqual(['pending', 'running', 'success'])
    expect(events.at(-1)?.payload).toMatchObject({
      object_attributes: {
        source: 'external',
        detailed_status: 'passed',
        stages: ['external'],
        url: `${PROJECT_URL}/-/pipelines/${first.job.pipelineId}`,
      },
      // A commit status is no build.
      builds: [],
    })
    expect(events.at(-1)?.userId).toBe(6)
  })
})
