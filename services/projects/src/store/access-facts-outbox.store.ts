import type { Kysely } from 'kysely'
import { accessFactsOf, type AccessFacts } from '../domain/access-facts.js'
import { toProject } from './project-rows.js'
import type { Database } from './schema.js'

/** A queued publication: the project's facts as they are now, undefined when it is gone. */
export interface PendingAccessFacts {
  id: number
  projectId: number
  facts: AccessFacts | undefined
}

/** What the relay does to the outbox inside one transaction. */
export interface AccessFactsOutboxRows {
  /** The oldest pending rows, locked until the transaction ends; rows another relay holds are skipped. */
  lockPending: (limit: number) => Promise<PendingAccessFacts[]>
  delete: (ids: readonly number[]) => Promise<void>
  countAttempt: (ids: readonly number[]) => Promise<void>
}

export interface AccessFactsOutbox {
  transaction<T>(fn: (rows: AccessFactsOutboxRows) => Promise<T>): Promise<T>
}

function outboxRows(db: Kysely<Database>): AccessFactsOutboxRows {
  return {
    async lockPending(limit) {
      const pending = await db
        .selectFrom('access_facts_outbox')
        .select(['id', 'project_id'])
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute()
      if (pending.length === 0) return []
      // The facts are read when they are published: a consumer keeps the highest version.
      const projects = await db
        .selectFrom('projects')
        .selectAll()
        .where('id', 'in', [...new Set(pending.map((row) => row.project_id))])
        // A project being deleted has no facts to publish: its rows are dropped, as a gone one's.
        .where('pending_delete', '=', false)
        .execute()
      const facts = new Map(projects.map((row) => [row.id, accessFactsOf(toProject(row, []))]))
      return pending.map((row) => ({
        id: row.id,
        projectId: row.project_id,
        facts: facts.get(row.project_id),
      }))
    },
    async delete(ids) {
      if (ids.length === 0) return
      await db
        .deleteFrom('access_facts_outbox')
        .where('id', 'in', [...ids])
        .execute()
    },
    async countAttempt(ids) {
      if (ids.length === 0) return
      await db
        .updateTable('access_facts_outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', [...ids])
        .execute()
    },
  }
}

/** The access facts outbox of the projects schema. */
export function accessFactsOutbox(db: Kysely<Database>): AccessFactsOutbox {
  return { transaction: (fn) => db.transaction().execute((trx) => fn(outboxRows(trx))) }
}
