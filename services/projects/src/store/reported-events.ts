import type { EventRecord } from '@suite/proto'
import { Counter, type Registry } from '@suite/runtime'
import type { Kysely } from 'kysely'
import { EVENT_ACTIONS } from '../domain/event-filters.js'
import { recordEvent } from './events.store.js'
import type { Database } from './schema.js'

/** Why a reported event can never be stored (retrying would not help). */
export function invalidEventReason(record: EventRecord): string | undefined {
  if (!record.idempotencyKey) return 'idempotency_key is missing'
  if (!(EVENT_ACTIONS as readonly string[]).includes(record.action)) {
    return `unknown action ${JSON.stringify(record.action)}`
  }
  if (record.projectId <= 0) return 'project_id is missing'
  if (record.authorId <= 0) return 'author_id is missing'
  const push = record.pushData
  if (push && !['created', 'removed', 'pushed'].includes(push.action)) return 'bad push action'
  if (push && !['branch', 'tag'].includes(push.refType)) return 'bad ref_type'
  return undefined
}

const ACTIVITY_EVENTS_TOTAL = 'activity_events_total'

/**
 * `activity_events_total{target_type, action}`: the suite's business events
 * (merge requests created and merged, pushes, ...), counted when stored, so
 * each once whatever path caused it (an API call, auto-merge, a push) and
 * whichever path stored it (the producer's call or its queue), and never for
 * a change whose transaction rolled back.
 */
function activityEventCounter(registry: Registry): (record: EventRecord) => void {
  const known = registry.getSingleMetric(ACTIVITY_EVENTS_TOTAL)
  const counter =
    known instanceof Counter
      ? (known as Counter<'target_type' | 'action'>)
      : new Counter({
          name: ACTIVITY_EVENTS_TOTAL,
          help: 'Activity events stored, by target type (MergeRequest, Project, ...; none for pushes) and action',
          labelNames: ['target_type', 'action'],
          registers: [registry],
        })
  for (const action of ['created', 'merged'] as const) {
    counter.inc({ target_type: 'MergeRequest', action }, 0)
  }
  counter.inc({ target_type: '', action: 'pushed' }, 0)
  return (record) => counter.inc({ target_type: record.targetType ?? '', action: record.action })
}

/**
 * Stores the events other services report (from the `projects.events` queue,
 * or by their call right after their change committed): each once by its
 * idempotency key, counted when stored. Returns the new event's id, or
 * undefined when the key was already recorded or the project is gone.
 */
export function reportedEvents(
  db: Kysely<Database>,
  registry: Registry,
): (record: EventRecord) => Promise<number | undefined> {
  const counted = activityEventCounter(registry)
  return async (record) => {
    const id = await recordEvent(db, record)
    if (id !== undefined) counted(record)
    return id
  }
}
