import { sql, type Kysely } from 'kysely'
import type { Database } from './schema.js'

/** A history row as the relay and the worker see it. */
export interface AlertEvent {
  id: number
  alertId: number
  projectId: number
  kind: string
  integrationType: string
  createdAt: Date
}

const COLUMNS = ['id', 'alert_id', 'project_id', 'kind', 'integration_type', 'created_at'] as const

interface EventRow {
  id: number | string
  alert_id: number | string
  project_id: number | string
  kind: string
  integration_type: string
  created_at: Date
}

function toAlertEvent(row: EventRow): AlertEvent {
  return {
    id: Number(row.id),
    alertId: Number(row.alert_id),
    projectId: Number(row.project_id),
    kind: row.kind,
    integrationType: row.integration_type,
    createdAt: row.created_at,
  }
}

/** The history rows' outbox side: relaying to the queue and marking processed. */
export class AlertEventsStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Runs `send` on the oldest unrelayed rows, locked (`skip locked`, so
   * relays share the work), and marks relayed those it sent, in one
   * transaction; answers how many rows it took.
   */
  async relayBatch(
    limit: number,
    send: (events: AlertEvent[]) => Promise<number[]>,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('alert_events')
        .select(COLUMNS)
        .where('relayed_at', 'is', null)
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute()
      if (rows.length === 0) return 0
      const sent = await send(rows.map(toAlertEvent))
      if (sent.length > 0) {
        await trx
          .updateTable('alert_events')
          .set({ relayed_at: sql<Date>`now()` })
          .where('id', 'in', sent)
          .execute()
      }
      return rows.length
    })
  }

  /**
   * Marks one row processed; undefined when it was already (a job run twice)
   * or is gone with its alert.
   */
  async markProcessed(id: number): Promise<AlertEvent | undefined> {
    const row = await this.db
      .updateTable('alert_events')
      .set({ processed_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('processed_at', 'is', null)
      .returning(COLUMNS)
      .executeTakeFirst()
    return row && toAlertEvent(row)
  }
}
