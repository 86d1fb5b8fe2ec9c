import { sql, type Kysely } from 'kysely'
import type { ProjectDeleted } from '@suite/proto'
import {
  insertOutboxMessage,
  PROJECT_DELETED_OUTBOX,
  PURGE_BATCH_SIZE,
  purgeInBatches,
} from '@suite/runtime'
import { uncountFork } from './project-writes.store.js'
import type { Database } from './schema.js'

/** Where a project's deletion stands in the projects schema. */
export type DeletionState = 'live' | 'pending' | 'gone'

/**
 * The projects schema's side of Projects::DestroyService: the mark (with
 * its ProjectDeleted message in the outbox, one transaction) and the
 * batched removal of what the schema holds for the project.
 */
export class ProjectDeletionsStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Marks the project pending deletion (every read hides it from now on;
   * version moves, so the gateways' caches drop it through the change
   * trigger) and writes its ProjectDeleted message, in one transaction.
   * False when it was already marked or is gone.
   */
  markDeleted(projectId: number, deletedByUserId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('projects')
        .set((eb) => ({
          pending_delete: true,
          updated_at: sql<Date>`now()`,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', projectId)
        .where('pending_delete', '=', false)
        .returning(['id', 'namespace_id', 'forked_from_project_id'])
        .executeTakeFirst()
      if (!row) return false
      // Hidden from now on, so no longer one of its upstream's forks (GitLab
      // counts the fork network's live members).
      await uncountFork(trx, row.forked_from_project_id)
      const message: ProjectDeleted = {
        projectId: row.id,
        namespaceId: row.namespace_id,
        deletedByUserId,
      }
      await insertOutboxMessage(trx, PROJECT_DELETED_OUTBOX, message)
      return true
    })
  }

  /** Up to `limit` projects of these namespaces that are not marked yet, by id. */
  async liveProjectsIn(namespaceIds: readonly number[], limit: number): Promise<number[]> {
    if (namespaceIds.length === 0) return []
    const rows = await this.db
      .selectFrom('projects')
      .select('id')
      .where('namespace_id', 'in', [...namespaceIds])
      .where('pending_delete', '=', false)
      .orderBy('id')
      .limit(limit)
      .execute()
    return rows.map((row) => row.id)
  }

  async state(projectId: number): Promise<DeletionState> {
    const row = await this.db
      .selectFrom('projects')
      .select('pending_delete')
      .where('id', '=', projectId)
      .executeTakeFirst()
    if (!row) return 'gone'
    return row.pending_delete ? 'pending' : 'live'
  }

  /**
   * Removes, in batches, every row of the schema that belongs to the
   * project except the project row itself: activity events (their push
   * payloads cascade), webhooks' delivery logs and the webhooks, protected
   * branches, stars, topics, the avatar, interrupted ref writes and pending
   * access facts. Returns the rows removed.
   */
  async purgeOwnRows(projectId: number): Promise<number> {
    const byProject = sql`project_id = ${projectId}`
    let removed = await purgeInBatches(this.db, 'events', byProject)
    removed += await purgeInBatches(
      this.db,
      'web_hook_logs',
      sql`web_hook_id in (select id from web_hooks where project_id = ${projectId})`,
    )
    for (const table of [
      'web_hooks',
      'protected_branches',
      'users_star_projects',
      'project_topics',
      'project_avatars',
      'ref_write_intents',
      'access_facts_outbox',
    ]) {
      removed += await purgeInBatches(this.db, table, byProject)
    }
    return removed
  }

  /**
   * A deleted user's rows: the activity events they authored (GitLab's
   * foreign key removes them) and their stars, each batch with the star
   * counts it lowers, in batches. Returns the rows removed.
   */
  async purgeUserRows(userId: number): Promise<number> {
    let removed = await purgeInBatches(this.db, 'events', sql`author_id = ${userId}`)
    for (;;) {
      const batch = await this.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ project_id: number }>`delete from users_star_projects
          where id = any(array(select id from users_star_projects where user_id = ${userId}
            limit ${PURGE_BATCH_SIZE})) returning project_id`.execute(trx)
        const ids = rows.map((row) => Number(row.project_id))
        if (ids.length > 0) {
          await sql`update projects set star_count = greatest(star_count - 1, 0)
            where id = any(${ids}::bigint[])`.execute(trx)
        }
        return ids.length
      })
      removed += batch
      if (batch < PURGE_BATCH_SIZE) return removed
    }
  }

  /** The project row, last; only once it is marked. */
  async deleteRow(projectId: number): Promise<void> {
    await this.db
      .deleteFrom('projects')
      .where('id', '=', projectId)
      .where('pending_delete', '=', true)
      .execute()
  }
}
