import type { Expression, ExpressionBuilder, Kysely, SelectQueryBuilder, SqlBool } from 'kysely'
import type { ActivityEvent } from '../domain/event.js'
import type { EventFilter } from '../domain/event-filters.js'
import { EVENT_NEEDS, type EventVisibility } from '../domain/event-readability.js'
import type { EventReader } from '../domain/list-events.js'
import { meetsRequirementSql, memberOfSql } from './requirement-columns.js'
import type { Database } from './schema.js'

type EventQuery = SelectQueryBuilder<Database, 'events' | 'projects', object>
type Eb = ExpressionBuilder<Database, 'events' | 'projects'>

/**
 * event-readability.ts in SQL, against the Requirements each project row
 * keeps: read_project for every event, and per EVENT_NEEDS row, events of
 * that kind only where the caller holds its ability.
 */
function visible(eb: Eb, visibility: EventVisibility): Expression<SqlBool> {
  const { scopes } = visibility
  const and: Expression<SqlBool>[] = [meetsRequirementSql('readProject', scopes.readProject)]
  if (visibility.membersOnly) and.push(memberOfSql(scopes.readProject))
  for (const need of EVENT_NEEDS) {
    const kind: Expression<SqlBool>[] = []
    if (need.action !== undefined) kind.push(eb('events.action', '=', need.action))
    if (need.targetType !== undefined) kind.push(eb('events.target_type', '=', need.targetType))
    // target_type is null for most events: `coalesce` keeps them out of the kind.
    and.push(
      eb.or([
        eb.not(eb.fn.coalesce(eb.and(kind), eb.lit(false))),
        meetsRequirementSql(need.ability, scopes[need.ability]),
      ]),
    )
  }
  return eb.and(and)
}

function filtered(
  db: Kysely<Database>,
  filter: EventFilter,
  visibility: EventVisibility,
): EventQuery {
  let query: EventQuery = db
    .selectFrom('events')
    .innerJoin('projects', 'projects.id', 'events.project_id')
    .where('projects.pending_delete', '=', false)
    .where((eb) => visible(eb, visibility))
  if (filter.authorId !== undefined) query = query.where('events.author_id', '=', filter.authorId)
  if (filter.projectIds !== undefined) {
    query = query.where('events.project_id', 'in', [...filter.projectIds])
  }
  if (filter.action !== undefined) query = query.where('events.action', '=', filter.action)
  if (filter.targetType !== undefined) {
    query = query.where('events.target_type', '=', filter.targetType)
  }
  if (filter.createdBefore) query = query.where('events.created_at', '<', filter.createdBefore)
  if (filter.createdFrom) query = query.where('events.created_at', '>=', filter.createdFrom)
  return query
}

/**
 * Reads of activity events, with their push payloads: only the events the
 * caller may see, filtered before counting and paging.
 */
export function eventReader(db: Kysely<Database>): EventReader {
  return {
    async list(filter, visibility, sort, page) {
      if (filter.projectIds?.length === 0) return { events: [], total: 0 }
      const [rows, count] = await Promise.all([
        filtered(db, filter, visibility)
          .leftJoin('push_event_payloads as p', 'p.event_id', 'events.id')
          .selectAll('events')
          .select([
            'p.event_id as push_event_id',
            'p.commit_count',
            'p.action as push_action',
            'p.ref_type',
            'p.commit_from',
            'p.commit_to',
            'p.ref',
            'p.commit_title',
            'p.ref_count',
          ])
          // EventsFinder#sort is by id, which in GitLab is time order: events are
          // inserted with their cause. Here services report them through queues
          // and each is stored when it arrives, stamped with when it happened,
          // so time order is (created_at, id), as the indexes read it.
          .orderBy('events.created_at', sort)
          .orderBy('events.id', sort)
          .limit(page.perPage)
          .offset((page.page - 1) * page.perPage)
          .execute(),
        filtered(db, filter, visibility)
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow(),
      ])
      const events: ActivityEvent[] = rows.map((row) => ({
        id: row.id,
        projectId: row.project_id,
        authorId: row.author_id,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        targetIid: row.target_iid,
        targetTitle: row.target_title,
        createdAt: row.created_at,
        push:
          row.push_event_id === null
            ? null
            : {
                commitCount: Number(row.commit_count),
                action: row.push_action ?? 'pushed',
                refType: row.ref_type ?? 'branch',
                commitFrom: row.commit_from,
                commitTo: row.commit_to,
                ref: row.ref ?? '',
                commitTitle: row.commit_title,
                refCount: row.ref_count,
              },
      }))
      return { events, total: Number(count.total) }
    },
  }
}
