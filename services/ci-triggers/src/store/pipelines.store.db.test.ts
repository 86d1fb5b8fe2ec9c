import { createDatabase, migrateToLatest } from '@suite/runtime'
import { sql, type Kysely } from 'kysely'
import type { NewPipeline } from '../domain/ports.js'
import { migrations } from '../migrations/index.js'
import { PipelinesStore } from './pipelines.store.js'
import type { Database } from './schema.js'

// A real PostgreSQL (127.0.0.1:5432 unless TEST_DATABASE_URL says otherwise),
// in a throwaway schema dropped afterwards.
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const schema = `ci_triggers_test_${process.pid}_${Date.now()}`

let db: Kysely<Database>
let store: PipelinesStore

beforeAll(async () => {
  db = createDatabase<Database>({ url, schema, maxConnections: 8 })
  await migrateToLatest(db as Kysely<unknown>, schema, migrations)
  store = new PipelinesStore(db)
})

afterAll(async () => {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db)
  await db.destroy()
})

const base: NewPipeline = {
  projectId: 1,
  sha: 'a'.repeat(40),
  ref: 'refs/merge-requests/1/head',
  status: 'skipped',
  source: 'merge_request_event',
  userId: 1,
  startedAt: null,
  finishedAt: null,
  committedAt: null,
  duration: null,
  beforeSha: '0'.repeat(40),
  tag: false,
  mergeRequestId: 10,
  idempotencyKey: null,
  triggerId: null,
  yamlErrors: null,
  failureReason: null,
  name: null,
  upstream: null,
  predefinedVariables: {},
}

describe('PipelinesStore on PostgreSQL', () => {
  it('allocates iids 1, 2, 3... per project, without gaps under concurrency', async () => {
    const creates = [
      ...Array.from({ length: 12 }, () => store.create({ ...base, projectId: 101 })),
      ...Array.from({ length: 6 }, () => store.create({ ...base, projectId: 102 })),
    ]
    const results = await Promise.all(creates)
    const iids = (projectId: number) =>
      results
        .filter((r) => r.pipeline.projectId === projectId)
        .map((r) => r.pipeline.iid)
        .sort((a, b) => a - b)
    expect(iids(101)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1))
    expect(iids(102)).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('answers concurrent retries with one key with the first pipeline', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        store.create({ ...base, projectId: 201, idempotencyKey: 'retry-key' }),
      ),
    )
    expect(new Set(results.map((r) => r.pipeline.id)).size).toBe(1)
    expect(results.filter((r) => r.created)).toHaveLength(1)
    const { total } = await store.list({ projectId: 201 }, { limit: 20, offset: 0 })
    expect(total).toBe(1)
    // The losers gave their iids back.
    const next = await store.create({ ...base, projectId: 201 })
    expect(next.pipeline.iid).toBe(2)
  })

  it('stores every field and reads nulls back as null', async () => {
    const committedAt = new Date('2026-11-20T10:00:00.000Z')
    const { pipeline } = await store.create({ ...base, projectId: 301, committedAt, tag: true })
    expect(pipeline).toMatchObject({
      iid: 1,
      projectId: 301,
      status: 'skipped',
      source: 'merge_request_event',
      committedAt,
      startedAt: null,
      finishedAt: null,
      duration: null,
      queuedDuration: null,
      coverage: null,
      yamlErrors: null,
      name: null,
      tag: true,
      mergeRequestId: 10,
    })
    expect(pipeline.createdAt).toBeInstanceOf(Date)
    expect(await store.findInProject(301, pipeline.id)).toEqual(pipeline)
    expect(await store.findInProject(302, pipeline.id)).toBeUndefined()
    expect(await store.findByIds([pipeline.id, 999_999])).toEqual([pipeline])
  })

  it('lists newest first, by merge request and by ref and sha, with totals', async () => {
    const a = (await store.create({ ...base, projectId: 401, mergeRequestId: 1 })).pipeline
    const b = (await store.create({ ...base, projectId: 401, mergeRequestId: 2 })).pipeline
    const c = (
      await store.create({ ...base, projectId: 401, mergeRequestId: 1, ref: 'x', sha: 'b' })
    ).pipeline
    const window = { limit: 20, offset: 0 }
    const ids = async (filter: Parameters<PipelinesStore['list']>[0]) =>
      (await store.list(filter, window)).pipelines.map((p) => p.id)
    expect(await ids({ projectId: 401 })).toEqual([c.id, b.id, a.id])
    expect(await ids({ projectId: 401, mergeRequestId: 1 })).toEqual([c.id, a.id])
    expect(await ids({ projectId: 401, ref: 'x', sha: 'b' })).toEqual([c.id])
    const page = await store.list({ projectId: 401 }, { limit: 1, offset: 1 })
    expect(page).toEqual({ pipelines: [b], total: 3 })
  })

  it("lists a fork's request across both projects: its own pipelines and the fork branch's at its commits", async () => {
    const upstream = 501
    const fork = 502
    const own = (await store.create({ ...base, projectId: upstream, mergeRequestId: 50 })).pipeline
    const inFork = (
      await store.create({ ...base, projectId: fork, mergeRequestId: 50, ref: 'feature' })
    ).pipeline
    const push = (
      await store.create({
        ...base,
        projectId: fork,
        mergeRequestId: null,
        ref: 'feature',
        sha: 'f1',
      })
    ).pipeline
    // Not the request's: another commit, another branch, the upstream's branch of that name.
    await store.create({
      ...base,
      projectId: fork,
      mergeRequestId: null,
      ref: 'feature',
      sha: 'f0',
    })
    await store.create({ ...base, projectId: fork, mergeRequestId: null, ref: 'other', sha: 'f1' })
    await store.create({
      ...base,
      projectId: upstream,
      mergeRequestId: null,
      ref: 'feature',
      sha: 'f1',
    })
    const ids = async (filter: Parameters<PipelinesStore['list']>[0]) =>
      (await store.list(filter, { limit: 20, offset: 0 })).pipelines.map((p) => p.id)
    const branchCommits = { branch: 'feature', shas: ['f1'], projectId: fork }
    expect(
      await ids({
        projectId: upstream,
        mergeRequestId: 50,
        mergeRequestProjectIds: [fork],
        branchCommits,
      }),
    ).toEqual([push.id, inFork.id, own.id])
    // Who reads only the upstream's pipelines sees only those.
    expect(await ids({ projectId: upstream, mergeRequestId: 50 })).toEqual([own.id])
    expect(await ids({ projectId: fork, mergeRequestId: 50, branchCommits })).toEqual([
      push.id,
      inFork.id,
    ])
  })

  it("writes a branch pipeline's news for the merge requests to the outbox in its transaction", async () => {
    const branch = await store.create({
      ...base,
      projectId: 301,
      ref: 'feature',
      source: 'push',
      mergeRequestId: null,
    })
    await store.create({ ...base, projectId: 301, ref: 'v1', tag: true, mergeRequestId: null })
    await store.create({ ...base, projectId: 301 })
    const rows = await db
      .selectFrom('pipeline_created_outbox')
      .select(['payload', 'idempotency_key'])
      .where(sql<boolean>`(payload->>'projectId')::bigint = 301`)
      .execute()
    expect(rows).toEqual([
      {
        payload: { projectId: 301, pipelineId: branch.pipeline.id, ref: 'feature', sha: base.sha },
        idempotency_key: `pipeline_${branch.pipeline.id}`,
      },
    ])
  })
})
