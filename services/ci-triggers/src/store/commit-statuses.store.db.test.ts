import {
  InvalidError,
  NotFoundError,
  outboxRowsOf,
  PIPELINE_CREATED_OUTBOX,
  PIPELINE_FINISHED_OUTBOX,
} from '@suite/runtime'
import { createTestSchema, type TestSchema } from '@suite/runtime/testing'
import type { Caller } from '../domain/caller.js'
import type { CommitLookupPort } from '../domain/commit-status-ports.js'
import { createCommitStatus, type CreateCommitStatusDeps } from '../domain/create-commit-status.js'
import { listCommitStatuses } from '../domain/list-commit-statuses.js'
import { migrations } from '../migrations/index.js'
import { CommitStatusesStore } from './commit-statuses.store.js'
import { PipelinesStore } from './pipelines.store.js'
import type { Database } from './schema.js'

const PROJECT = 31
const SHA = 'c'.repeat(40)
const LONELY = 'd'.repeat(40)

let database: TestSchema<Database>
let deps: CreateCommitStatusDeps
let pipelines: PipelinesStore

/** A repository with two commits: SHA on branches main and feature, LONELY on none. */
const commits: CommitLookupPort = {
  commitSha: (_projectId, revision) =>
    Promise.resolve([SHA, LONELY].find((sha) => sha.startsWith(revision))),
  branchesContaining: (_projectId, sha) => Promise.resolve(sha === SHA ? ['feature', 'main'] : []),
}

function developer(projectId = PROJECT): Caller {
  return {
    userId: 5,
    admin: false,
    grant: {
      projectId,
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
}

const report = (fields: Partial<Parameters<typeof createCommitStatus>[1]>) =>
  createCommitStatus(deps, {
    caller: developer(),
    projectId: PROJECT,
    sha: SHA,
    state: 'pending',
    ...fields,
  })

beforeAll(async () => {
  database = await createTestSchema<Database>('ci_commit_status_test', migrations)
  pipelines = new PipelinesStore(database.db)
  deps = { statuses: new CommitStatusesStore(database.db), commits, now: () => new Date() }
})

afterAll(async () => {
  await database.drop()
})

async function outbox(outboxOf: typeof PIPELINE_CREATED_OUTBOX | typeof PIPELINE_FINISHED_OUTBOX) {
  const rows = await database.db
    .transaction()
    .execute((trx) =>
      outboxRowsOf(trx, outboxOf as typeof PIPELINE_CREATED_OUTBOX).lockPending(1_000),
    )
  return rows.map((row) => row.payload)
}

describe('commit statuses', () => {
  it('records statuses in one external pipeline of the first branch holding the commit', async () => {
    const pending = await report({ name: 'ci/lint', targetUrl: 'https://ci.example/1' })
    expect(pending.job).toMatchObject({
      status: 'pending',
      name: 'ci/lint',
      ref: 'feature',
      stage: 'external',
      sha: SHA,
      userId: 5,
    })
    expect(pending.targetUrl).toBe('https://ci.example/1')
    const pipeline = await pipelines.findInProject(PROJECT, pending.job.pipelineId)
    expect(pipeline).toMatchObject({ source: 'external', ref: 'feature', status: 'pending' })
    // The merge requests hear of it as of any branch pipeline.
    expect(await outbox(PIPELINE_CREATED_OUTBOX)).toContainEqual(
      expect.objectContaining({ pipelineId: pipeline?.id, ref: 'feature', sha: SHA }),
    )

    // The same name moves the same status; a second name joins the pipeline.
    const running = await report({ name: 'ci/lint', state: 'running', description: 'linting' })
    expect(running.job.id).toBe(pending.job.id)
    expect(running.job.status).toBe('running')
    expect(running.targetUrl).toBe('https://ci.example/1')
    const other = await report({ name: 'ci/test', state: 'success', coverage: 81.5 })
    expect(other.job.pipelineId).toBe(pending.job.pipelineId)
    expect(other.job.coverage).toBe('81.5')
    expect((await pipelines.findInProject(PROJECT, pending.job.pipelineId))?.status).toBe('running')

    await expect(report({ name: 'ci/lint', state: 'running' })).rejects.toThrow(
      new InvalidError(
        {},
        'Cannot transition status via :run from :running (Reason(s): Status cannot transition via "run")',
      ),
    )

    const done = await report({ name: 'ci/lint', state: 'failed' })
    expect(done.job).toMatchObject({
      id: pending.job.id,
      status: 'failed',
      failureReason: 'api_failure',
    })
    const failed = await pipelines.findInProject(PROJECT, pending.job.pipelineId)
    expect(failed).toMatchObject({ status: 'failed' })
    expect(failed?.finishedAt).not.toBeNull()
    expect(await outbox(PIPELINE_FINISHED_OUTBOX)).toContainEqual(
      expect.objectContaining({ pipelineId: failed?.id, status: 'failed' }),
    )

    // A finished status is not moved again: a new one replaces it, and the pipeline follows.
    const again = await report({ name: 'ci/lint', state: 'success' })
    expect(again.job.id).not.toBe(pending.job.id)
    expect((await pipelines.findInProject(PROJECT, pending.job.pipelineId))?.status).toBe('success')

    const latest = await listCommitStatuses(
      deps,
      developer(),
      { projectId: PROJECT, sha: SHA, all: false },
      undefined,
    )
    expect(latest.statuses.map((status) => [status.job.name, status.job.status])).toEqual([
      ['ci/test', 'success'],
      ['ci/lint', 'success'],
    ])
    const all = await listCommitStatuses(
      deps,
      developer(),
      { projectId: PROJECT, sha: SHA, all: true },
      undefined,
    )
    expect(all.total).toBe(3)
    const named = await listCommitStatuses(
      deps,
      developer(),
      { projectId: PROJECT, sha: SHA, all: true, name: 'ci/test' },
      undefined,
    )
    expect(named.statuses).toHaveLength(1)
  })

  it('keeps a pending status out of the runners queue', async () => {
    await report({ name: 'queued', state: 'pending', ref: 'main' })
    const pending = await database.db
      .selectFrom('jobs')
      .select(['id', 'type'])
      .where('project_id', '=', PROJECT)
      .where('status', '=', 'pending')
      .execute()
    expect(pending.map((row) => row.type)).toEqual(['generic'])
  })

  it('answers GitLab not-found errors', async () => {
    await expect(report({ sha: 'e'.repeat(40) })).rejects.toThrow(new NotFoundError('Commit'))
    await expect(report({ sha: LONELY })).rejects.toThrow(
      new NotFoundError('References for commit'),
    )
    await expect(report({ pipelineId: 999_999, ref: 'feature' })).rejects.toThrow(
      new NotFoundError('Pipeline for pipeline_id, sha and ref'),
    )
    await expect(report({ state: 'skipped' })).rejects.toThrow(InvalidError)
  })

  it('needs the abilities of a Developer', async () => {
    await expect(
      createCommitStatus(deps, {
        caller: developer(99),
        projectId: PROJECT,
        sha: SHA,
        state: 'pending',
      }),
    ).rejects.toThrow('Forbidden')
  })
})
