import { sql, type Kysely } from 'kysely'
import type { Star, StarStore } from '../domain/ports.js'
import type { Database } from './schema.js'

/**
 * Users' stars (users_star_projects) with projects.star_count kept beside
 * them in one transaction; the projects row's change trigger then tells the
 * gateways' caches.
 */
export class StarsStore implements StarStore {
  constructor(private readonly db: Kysely<Database>) {}

  star(userId: number, projectId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const added = await trx
        .insertInto('users_star_projects')
        .values({ user_id: userId, project_id: projectId })
        .onConflict((oc) => oc.columns(['user_id', 'project_id']).doNothing())
        .returning('id')
        .executeTakeFirst()
      if (!added) return false
      await trx
        .updateTable('projects')
        .set({ star_count: sql<number>`star_count + 1` })
        .where('id', '=', projectId)
        .execute()
      return true
    })
  }

  unstar(userId: number, projectId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('users_star_projects')
        .where('user_id', '=', userId)
        .where('project_id', '=', projectId)
        .returning('id')
        .executeTakeFirst()
      if (!removed) return false
      await trx
        .updateTable('projects')
        .set({ star_count: sql<number>`greatest(star_count - 1, 0)` })
        .where('id', '=', projectId)
        .execute()
      return true
    })
  }

  async list(projectId: number): Promise<Star[]> {
    const rows = await this.db
      .selectFrom('users_star_projects')
      .select(['user_id', 'created_at'])
      .where('project_id', '=', projectId)
      // UsersStarProjectsFinder orders nothing: the table's order, oldest first.
      .orderBy('id', 'asc')
      .execute()
    return rows.map((row) => ({ userId: Number(row.user_id), createdAt: row.created_at }))
  }
}
