/**
 * resource_label_events and resource_milestone_events of merge requests,
 * oldest first, each with its label or milestone as it is now (null once
 * deleted).
 */
import type { Kysely } from 'kysely'
import type { ResourceLabelEvent, ResourceMilestoneEvent } from '../domain/event-records.js'
import type { Window } from '../domain/collaboration-ports.js'
import type { LabelEventsPort, MilestoneEventsPort } from '../domain/store-ports.js'
import { toLabel } from './labels.store.js'
import { toMilestone } from './milestones.store.js'
import type { Database } from './schema.js'

type EventTable = 'resource_label_events' | 'resource_milestone_events'

/** One page of a request's rows of `table` by id, and their total. */
async function pageOf(
  db: Kysely<Database>,
  table: EventTable,
  mergeRequestId: number,
  window: Window,
) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom(table)
      .selectAll()
      .where('merge_request_id', '=', mergeRequestId)
      .orderBy('id', 'asc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('merge_request_id', '=', mergeRequestId)
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.count) }
}

function oneOf(db: Kysely<Database>, table: EventTable, mergeRequestId: number, id: number) {
  return db
    .selectFrom(table)
    .selectAll()
    .where('merge_request_id', '=', mergeRequestId)
    .where('id', '=', id)
    .execute()
}

const asAction = (action: string): 'add' | 'remove' => (action === 'remove' ? 'remove' : 'add')

export class LabelEventsStore implements LabelEventsPort {
  constructor(private readonly db: Kysely<Database>) {}

  async add(
    mergeRequestId: number,
    userId: number | null,
    changes: readonly { labelId: number; action: 'add' | 'remove' }[],
  ): Promise<void> {
    if (changes.length === 0) return
    await this.db
      .insertInto('resource_label_events')
      .values(
        changes.map((change) => ({
          merge_request_id: mergeRequestId,
          user_id: userId,
          label_id: change.labelId,
          action: change.action,
        })),
      )
      .execute()
  }

  async list(mergeRequestId: number, window: Window) {
    const { rows, total } = await pageOf(this.db, 'resource_label_events', mergeRequestId, window)
    return { events: await this.withLabels(rows), total }
  }

  async find(mergeRequestId: number, id: number) {
    const rows = await oneOf(this.db, 'resource_label_events', mergeRequestId, id)
    return (await this.withLabels(rows))[0]
  }

  private async withLabels(rows: Awaited<ReturnType<typeof oneOf>>): Promise<ResourceLabelEvent[]> {
    const ids = [...new Set(rows.flatMap((row) => ('label_id' in row && row.label_id) || []))]
    const labels =
      ids.length === 0
        ? []
        : await this.db.selectFrom('labels').selectAll().where('id', 'in', ids).execute()
    const byId = new Map(labels.map((row) => [row.id, toLabel(row)]))
    return rows.map((row) => ({
      id: row.id,
      mergeRequestId: row.merge_request_id,
      userId: row.user_id,
      action: asAction(row.action),
      label: ('label_id' in row && row.label_id !== null && byId.get(row.label_id)) || null,
      createdAt: row.created_at,
    }))
  }
}

export class MilestoneEventsStore implements MilestoneEventsPort {
  constructor(private readonly db: Kysely<Database>) {}

  async add(
    mergeRequestId: number,
    userId: number | null,
    change: { milestoneId: number; action: 'add' | 'remove'; state: string },
  ): Promise<void> {
    await this.db
      .insertInto('resource_milestone_events')
      .values({
        merge_request_id: mergeRequestId,
        user_id: userId,
        milestone_id: change.milestoneId,
        action: change.action,
        state: change.state,
      })
      .execute()
  }

  async list(mergeRequestId: number, window: Window) {
    const { rows, total } = await pageOf(
      this.db,
      'resource_milestone_events',
      mergeRequestId,
      window,
    )
    return { events: await this.withMilestones(rows), total }
  }

  async find(mergeRequestId: number, id: number) {
    const rows = await oneOf(this.db, 'resource_milestone_events', mergeRequestId, id)
    return (await this.withMilestones(rows))[0]
  }

  private async withMilestones(
    rows: Awaited<ReturnType<typeof oneOf>>,
  ): Promise<ResourceMilestoneEvent[]> {
    const idOf = (row: (typeof rows)[number]) => ('milestone_id' in row ? row.milestone_id : null)
    const ids = [...new Set(rows.flatMap((row) => idOf(row) ?? []))]
    const milestones =
      ids.length === 0
        ? []
        : await this.db.selectFrom('milestones').selectAll().where('id', 'in', ids).execute()
    const byId = new Map(milestones.map((row) => [row.id, toMilestone(row)]))
    return rows.map((row) => {
      const milestoneId = idOf(row)
      return {
        id: row.id,
        mergeRequestId: row.merge_request_id,
        userId: row.user_id,
        action: asAction(row.action),
        milestone: (milestoneId !== null && byId.get(milestoneId)) || null,
        state: 'state' in row ? row.state : 'opened',
        createdAt: row.created_at,
      }
    })
  }
}
