import { allocateInternalId, isUniqueViolation, releaseInternalId } from '@suite/runtime'
import { sql, type Kysely } from 'kysely'
import type { Alert, ParsedAlert } from '../domain/alert.js'
import type {
  AlertChanges,
  AlertFilter,
  AlertOrder,
  AlertStore,
  OccurrenceSource,
  RecordOutcome,
  Window,
} from '../domain/ports.js'
import { newAlertValues, toAlert, type AlertRow } from './alert-rows.js'

import type { Database } from './schema.js'

const USAGE = 'alert_management_alerts'
const UNRESOLVED = sql<boolean>`status <> 'resolved'`

/** Severity and status orders GitLab sorts by: their enum positions. */
const SEVERITY_RANK = sql<number>`array_position(array['critical','high','medium','low','info','unknown'], severity)`
const STATUS_RANK = sql<number>`array_position(array['triggered','acknowledged','resolved','ignored'], status)`

/**
 * Alerts in the `alerting` schema. Every occurrence is stored with its
 * history row (the outbox the worker drains) in one transaction, and
 * grouping rests on the unique index of unresolved alerts per fingerprint.
 */
export class AlertsStore implements AlertStore {
  /** `onRecorded` runs after an occurrence committed (wakes the relay). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly onRecorded: () => void = () => {},
  ) {}

  async record(
    projectId: number,
    parsed: ParsedAlert,
    source: OccurrenceSource,
  ): Promise<RecordOutcome> {
    const outcome = await this.db.transaction().execute(async (trx) => {
      const stored = parsed.resolved
        ? await resolveOpen(trx, projectId, parsed)
        : await upsertOpen(trx, projectId, parsed, source.integrationId)
      if (stored.kind === 'unmatched') return stored
      await trx
        .insertInto('alert_events')
        .values({
          alert_id: stored.alert.id,
          project_id: projectId,
          kind: stored.kind,
          integration_type: source.integrationType,
          payload_digest: source.payloadDigest,
        })
        .execute()
      return stored
    })
    if (outcome.kind !== 'unmatched') this.onRecorded()
    return outcome
  }

  async list(
    filter: AlertFilter,
    order: AlertOrder,
    window: Window,
  ): Promise<{ alerts: Alert[]; total: number }> {
    let query = this.db
      .selectFrom('alert_management_alerts')
      .where('project_id', '=', filter.projectId)
    if (filter.status) query = query.where('status', '=', filter.status)
    if (filter.severity) query = query.where('severity', '=', filter.severity)
    if (filter.search) {
      const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      query = query.where((eb) =>
        eb.or(
          (['title', 'description', 'monitoring_tool', 'service'] as const).map((column) =>
            eb(column, 'ilike', pattern),
          ),
        ),
      )
    }
    const direction = order.direction
    let ordered = query.selectAll()
    if (order.by === 'severity') {
      // GitLab: descending shows the most critical first.
      ordered = ordered.orderBy(SEVERITY_RANK, direction === 'desc' ? 'asc' : 'desc')
    } else if (order.by === 'status') {
      // GitLab: descending shows triggered, acknowledged, resolved, ignored.
      ordered = ordered.orderBy(STATUS_RANK, direction === 'desc' ? 'asc' : 'desc')
    } else {
      ordered = ordered.orderBy(order.by, (ob) =>
        (direction === 'asc' ? ob.asc() : ob.desc()).nullsLast(),
      )
    }
    const [rows, count] = await Promise.all([
      ordered.orderBy('id', 'desc').limit(window.limit).offset(window.offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ])
    return { alerts: rows.map(toAlert), total: Number(count.total) }
  }

  async findByIid(projectId: number, iid: number): Promise<Alert | undefined> {
    const row = await this.db
      .selectFrom('alert_management_alerts')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('iid', '=', iid)
      .executeTakeFirst()
    return row && toAlert(row)
  }

  async update(
    projectId: number,
    iid: number,
    changes: AlertChanges,
  ): Promise<Alert | 'duplicate' | undefined> {
    try {
      const row = await this.db
        .updateTable('alert_management_alerts')
        .set((eb) => ({
          updated_at: eb.fn<Date>('now'),
          ...(changes.status !== undefined && { status: changes.status }),
          ...(changes.endedAt !== undefined && { ended_at: changes.endedAt }),
          ...(changes.assigneeIds !== undefined && { assignee_ids: [...changes.assigneeIds] }),
        }))
        .where('project_id', '=', projectId)
        .where('iid', '=', iid)
        .returningAll()
        .executeTakeFirst()
      return row && toAlert(row)
    } catch (error) {
      // Reopening while another alert of the fingerprint is open.
      if (isUniqueViolation(error)) return 'duplicate'
      throw error
    }
  }
}

type Tx = Kysely<Database>

/** Resolves the unresolved alert of the payload's fingerprint, if there is one. */
async function resolveOpen(
  trx: Tx,
  projectId: number,
  parsed: ParsedAlert,
): Promise<RecordOutcome> {
  if (parsed.fingerprint === null) return { kind: 'unmatched' }
  const row = await trx
    .updateTable('alert_management_alerts')
    .set((eb) => ({ status: 'resolved', ended_at: parsed.endedAt, updated_at: eb.fn<Date>('now') }))
    .where('project_id', '=', projectId)
    .where('fingerprint', '=', parsed.fingerprint)
    .where(UNRESOLVED)
    .returningAll()
    .executeTakeFirst()
  return row ? { kind: 'resolved', alert: toAlert(row) } : { kind: 'unmatched' }
}

/** One more event on the unresolved alert of a fingerprint; undefined when there is none. */
async function groupInto(
  trx: Tx,
  projectId: number,
  fingerprint: string,
): Promise<AlertRow | undefined> {
  return trx
    .updateTable('alert_management_alerts')
    .set((eb) => ({ event_count: eb('event_count', '+', 1), updated_at: eb.fn<Date>('now') }))
    .where('project_id', '=', projectId)
    .where('fingerprint', '=', fingerprint)
    .where(UNRESOLVED)
    .returningAll()
    .executeTakeFirst()
}

/**
 * Groups into the unresolved alert of the fingerprint or opens one. The
 * insert's ON CONFLICT on the partial unique index settles concurrent
 * first occurrences: one inserts, the others wait for it and count an event.
 */
async function upsertOpen(
  trx: Tx,
  projectId: number,
  parsed: ParsedAlert,
  integrationId: number,
): Promise<RecordOutcome> {
  if (parsed.fingerprint !== null) {
    const grouped = await groupInto(trx, projectId, parsed.fingerprint)
    if (grouped) return { kind: 'grouped', alert: toAlert(grouped) }
  }
  const iid = await allocateInternalId(trx, USAGE, projectId)
  const row = await trx
    .insertInto('alert_management_alerts')
    .values(newAlertValues(projectId, iid, integrationId, parsed))
    .onConflict((oc) =>
      oc
        .columns(['project_id', 'fingerprint'])
        .where(sql<boolean>`status <> 'resolved' and fingerprint is not null`)
        .doUpdateSet((eb) => ({
          event_count: eb('alert_management_alerts.event_count', '+', 1),
          updated_at: eb.fn<Date>('now'),
        })),
    )
    .returningAll()
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .executeTakeFirstOrThrow()
  if (row.inserted) return { kind: 'created', alert: toAlert(row) }
  await releaseInternalId(trx, USAGE, projectId, iid)
  return { kind: 'grouped', alert: toAlert(row) }
}
