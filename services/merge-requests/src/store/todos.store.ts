/** todos on merge requests. */
import type { Kysely } from 'kysely'
import type { NewTodo, Todo } from '../domain/collaboration-records.js'
import type { Database } from './schema.js'
import type { TodosPort } from '../domain/ports.js'

/** Marks the user's pending to-dos for the merge request done (in `db`, a transaction or not). */
export async function markPendingTodosDone(
  db: Kysely<Database>,
  mergeRequestId: number,
  userId: number,
): Promise<void> {
  await db
    .updateTable('todos')
    .set({ state: 'done', updated_at: new Date() })
    .where('merge_request_id', '=', mergeRequestId)
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .execute()
}

export class TodosStore implements TodosPort {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether the user has a pending to-do (of any action) for the merge request. */
  async hasPending(mergeRequestId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('todos')
      .select('id')
      .where('merge_request_id', '=', mergeRequestId)
      .where('user_id', '=', userId)
      .where('state', '=', 'pending')
      .executeTakeFirst()
    return row !== undefined
  }

  /** Stores a pending to-do. */
  async insert(todo: NewTodo): Promise<Todo> {
    const row = await this.db
      .insertInto('todos')
      .values({
        user_id: todo.userId,
        author_id: todo.authorId,
        project_id: todo.projectId,
        merge_request_id: todo.mergeRequestId,
        action: todo.action,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return {
      id: row.id,
      userId: row.user_id,
      authorId: row.author_id,
      projectId: row.project_id,
      mergeRequestId: row.merge_request_id,
      action: row.action,
      state: row.state,
      body: row.body,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }
  }

  /** Marks the user's pending to-dos for the merge request done. */
  markPendingDone(mergeRequestId: number, userId: number): Promise<void> {
    return markPendingTodosDone(this.db, mergeRequestId, userId)
  }
}
