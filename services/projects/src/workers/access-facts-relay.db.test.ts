import type { Redis } from 'ioredis'
import type { Kysely } from 'kysely'
import type { AccessFacts } from '../domain/access-facts.js'
import { accessFactsOutbox } from '../store/access-facts-outbox.store.js'
import { ProjectsStore } from '../store/projects.store.js'
import type { Database } from '../store/schema.js'
import { migratedDatabase, namespaceOf, projectDraft } from '../testing/test-database.js'
import { startAccessFactsRelay, type AccessFactsPublisher } from './access-facts-relay.js'

let db: Kysely<Database>
let drop: () => Promise<void>
let store: ProjectsStore

beforeAll(async () => {
  ;({ db, drop } = await migratedDatabase('relay'))
  store = new ProjectsStore(db)
})

afterAll(() => drop())

const GROUP = namespaceOf('group', 3, { traversalIds: [2, 3] })

async function outboxProjectIds(): Promise<number[]> {
  const rows = await db
    .selectFrom('access_facts_outbox')
    .select('project_id')
    .orderBy('id')
    .execute()
  return rows.map((row) => row.project_id)
}

describe('the access facts outbox', () => {
  it('is drained by the relay, once per project, with the current facts', async () => {
    await db.deleteFrom('access_facts_outbox').execute()
    const id = await store.insert(projectDraft(GROUP, 'private'), [], 1)
    const project = (await store.findById(id))!
    await store.update({ ...project, visibility: 'internal' }, undefined, undefined, true)

    const published: AccessFacts[] = []
    const publisher: AccessFactsPublisher = {
      publish: (facts) => {
        published.push(facts)
        return Promise.resolve()
      },
      close: () => Promise.resolve(),
    }
    const redis = { status: 'ready', on: () => redis } as unknown as Redis
    const relay = startAccessFactsRelay(
      {
        outbox: accessFactsOutbox(db),
        logger: silent,
        redis: () => redis,
        createPublisher: () => publisher,
      },
      { intervalMs: 20 },
    )
    await waitFor(async () => (await outboxProjectIds()).length === 0)
    await relay.stop()
    expect(published).toEqual([
      expect.objectContaining({
        projectId: id,
        groupIds: [2, 3],
        ownerUserId: null,
        version: 2,
        readProject: expect.objectContaining({ signedIn: true, anonymous: false }),
      }),
    ])
  })

  it('keeps what Redis did not take, counting the attempt', async () => {
    await db.deleteFrom('access_facts_outbox').execute()
    const id = await store.insert(projectDraft(GROUP, 'private'), [], 1)
    const redis = { status: 'ready', on: () => redis } as unknown as Redis
    const relay = startAccessFactsRelay(
      {
        outbox: accessFactsOutbox(db),
        logger: silent,
        redis: () => redis,
        createPublisher: () => ({
          publish: () => Promise.reject(new Error('Redis is down')),
          close: () => Promise.resolve(),
        }),
      },
      { intervalMs: 20 },
    )
    await waitFor(async () => {
      const row = await db.selectFrom('access_facts_outbox').select('attempts').executeTakeFirst()
      return (row?.attempts ?? 0) > 0
    })
    await relay.stop()
    expect(await outboxProjectIds()).toEqual([id])
  })
})

const silent = {
  warn: () => undefined,
  info: () => undefined,
  error: () => undefined,
} as unknown as Parameters<typeof startAccessFactsRelay>[0]['logger']

async function waitFor(done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
