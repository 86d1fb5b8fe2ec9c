/** resource_state_events of merge requests (closed, reopened, merged), oldest first. */
import type { Kysely, Selectable } from 'kysely'
import type { ResourceStateEvent, ResourceState } from '../domain/event-records.js'
import type { Database, ResourceStateEventsTable } from './schema.js'
import type { StateEventsPort } from '../domain/ports.js'

function toEvent(row: Selectable<ResourceStateEventsTable>): ResourceStateEvent {
  return {
    id: row.id,
    mergeRequestId: row.merge_request_id,
    userId: row.user_id,
    state: row.state as ResourceState,
    sourceCommit: row.source_commit,
    sourceMergeRequestId: row.source_merge_request_id,
    createdAt: row.created_at,
  }
}

export class ResourceStateEventsStore implements StateEventsPort {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records one event; write it in the state change's transaction. */
  async add(mergeRequestId: number, userId: number | null, state: ResourceState): Promise<void> {
    await this.db
      .insertInto('resource_state_events')
      .values({ merge_request_id: mergeRequestId, user_id: userId, state })
      .execute()
  }

  /** One page of the request's events by id, and their total. */
  async list(
    mergeRequestId: number,
    window: { limit: number; offset: number },
  ): Promise<{ events: ResourceStateEvent[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('resource_state_events')
        .selectAll()
        .where('merge_request_id', '=', mergeRequestId)
        .orderBy('id', 'asc')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      this.db
        .selectFrom('resource_state_events')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('merge_request_id', '=', mergeRequestId)
        .executeTakeFirstOrThrow(),
    ])
    return { events: rows.map(toEvent), total: Number(count.count) }
  }

  async find(mergeRequestId: number, id: number): Promise<ResourceStateEvent | undefined> {
    const row = await this.db
      .selectFrom('resource_state_events')
      .selectAll()
      .where('merge_request_id', '=', mergeRequestId)
      .where('id', '=', id)
      .executeTakeFirst()
    return row && toEvent(row)
  }
}
