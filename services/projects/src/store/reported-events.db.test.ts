import { EventRecord } from '@suite/proto'
import { Registry } from '@suite/runtime'
import type { Kysely } from 'kysely'
import { migratedDatabase, namespaceOf, projectDraft } from '../testing/test-database.js'
import { ProjectsStore } from './projects.store.js'
import { reportedEvents } from './reported-events.js'
import type { Database } from './schema.js'

let db: Kysely<Database>
let drop: () => Promise<void>
let projectId: number

beforeAll(async () => {
  ;({ db, drop } = await migratedDatabase('reported_events'))
  projectId = await new ProjectsStore(db).insert(
    projectDraft(namespaceOf('group', 3), 'public'),
    [],
    1,
  )
})
afterAll(() => drop())

const opened = (key: string, project = projectId) =>
  EventRecord.fromPartial({
    action: 'created',
    projectId: project,
    authorId: 5,
    targetType: 'MergeRequest',
    targetId: 40,
    targetIid: 1,
    targetTitle: 'Opened',
    createdAt: new Date(),
    idempotencyKey: key,
  })

async function counted(registry: Registry): Promise<number> {
  const metric = await registry.getSingleMetric('activity_events_total')?.get()
  return (metric?.values ?? [])
    .filter((v) => v.labels['target_type'] === 'MergeRequest' && v.labels['action'] === 'created')
    .reduce((sum, v) => sum + v.value, 0)
}

/**
 * An event reaches the projects service twice when its producer delivers it after its commit
 * (EventService.RecordEvents) and its outbox queues it too: stored and counted once.
 */
describe('reportedEvents', () => {
  it('stores and counts an event once, whichever path reports it first', async () => {
    const registry = new Registry()
    // The server role's path and the worker's, in one process: one counter.
    const byCall = reportedEvents(db, registry)
    const byQueue = reportedEvents(db, registry)
    const first = await byCall(opened('merge-requests:40:created:once'))
    expect(first).toEqual(expect.any(Number))
    expect(await byQueue(opened('merge-requests:40:created:once'))).toBeUndefined()
    const rows = await db
      .selectFrom('events')
      .select('id')
      .where('idempotency_key', '=', 'merge-requests:40:created:once')
      .execute()
    expect(rows.map((row) => Number(row.id))).toEqual([first])
    expect(await counted(registry)).toBe(1)
  })

  it('stores nothing for a project that is gone', async () => {
    const registry = new Registry()
    expect(await reportedEvents(db, registry)(opened('gone', 2 ** 31 - 2))).toBeUndefined()
    expect(await counted(registry)).toBe(0)
  })
})
