import {
  outboxRowsOf,
  PIPELINE_CREATED_OUTBOX,
  PIPELINE_FINISHED_OUTBOX,
  type PipelineFinished,
} from '@suite/runtime'
import { createTestSchema, type TestSchema } from '@suite/runtime/testing'
import type { NewPipeline, PipelineState } from '../domain/ports.js'
import { migrations } from '../migrations/index.js'
import { PipelinesStore } from './pipelines.store.js'
import type { Database } from './schema.js'

let database: TestSchema<Database>
let store: PipelinesStore

beforeAll(async () => {
  database = await createTestSchema<Database>('ci_finished_test', migrations)
  store = new PipelinesStore(database.db)
})

afterAll(async () => {
  await database.drop()
})

const branchPipeline: NewPipeline = {
  projectId: 7,
  sha: 'b'.repeat(40),
  ref: 'feature',
  status: 'running',
  source: 'push',
  userId: 1,
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
  predefinedVariables: {},
}

function state(status: PipelineState['status'], finishedAt: Date | null): PipelineState {
  return { status, startedAt: null, finishedAt, duration: null, queuedDuration: null }
}

/** The finished events waiting in the outbox for pipeline `id`, oldest first. */
async function finishedNews(id: number): Promise<PipelineFinished[]> {
  const rows = await database.db
    .transaction()
    .execute((trx) => outboxRowsOf(trx, PIPELINE_FINISHED_OUTBOX).lockPending(1_000))
  return rows.map((row) => row.payload).filter((event) => event.pipelineId === id)
}

describe('pipeline_finished_outbox', () => {
  it('is written with each change into a completed status, in the same transaction', async () => {
    const { pipeline } = await store.create(branchPipeline)
    const first = new Date('2026-11-27T09:00:00.000Z')
    const update = (next: PipelineState) =>
      store.withLocked(pipeline.projectId, pipeline.id, (locked) => locked.updatePipeline(next))

    await update(state('running', null))
    expect(await finishedNews(pipeline.id)).toEqual([])

    await update(state('failed', first))
    // The same status again (a job update that changes nothing) is no news.
    await update(state('failed', first))
    expect(await finishedNews(pipeline.id)).toEqual([
      {
        projectId: 7,
        pipelineId: pipeline.id,
        ref: 'feature',
        sha: 'b'.repeat(40),
        status: 'failed',
        branch: true,
        finishedAt: first.toISOString(),
      },
    ])

    // Retried, then finished again: a second event, apart from the first.
    await update(state('pending', null))
    const second = new Date(first.getTime() + 60_000)
    await update(state('success', second))
    const news = await finishedNews(pipeline.id)
    expect(news.map((event) => [event.status, event.finishedAt])).toEqual([
      ['failed', first.toISOString()],
      ['success', second.toISOString()],
    ])
  })

  it('writes nothing when the transaction rolls back', async () => {
    const { pipeline } = await store.create(branchPipeline)
    await expect(
      store.withLocked(pipeline.projectId, pipeline.id, async (locked) => {
        await locked.updatePipeline(state('canceled', new Date()))
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await finishedNews(pipeline.id)).toEqual([])
  })

  it('reports a pipeline stored completed, tag and merge request pipelines as no branch', async () => {
    const { pipeline: broken } = await store.create({
      ...branchPipeline,
      status: 'failed',
      yamlErrors: 'jobs config should contain at least one visible job',
      finishedAt: new Date(),
    })
    expect(await finishedNews(broken.id)).toMatchObject([{ status: 'failed', branch: true }])

    const { pipeline: tag } = await store.create({ ...branchPipeline, ref: 'v1.0', tag: true })
    await store.withLocked(tag.projectId, tag.id, (locked) =>
      locked.updatePipeline(state('success', new Date())),
    )
    expect(await finishedNews(tag.id)).toMatchObject([{ status: 'success', branch: false }])

    // The created outbox still gets branch pipelines only, as before.
    const created = await database.db
      .transaction()
      .execute((trx) => outboxRowsOf(trx, PIPELINE_CREATED_OUTBOX).lockPending(1_000))
    expect(created.map((row) => row.payload.pipelineId)).toContain(broken.id)
    expect(created.map((row) => row.payload.pipelineId)).not.toContain(tag.id)
  })
})
