/** todos on merge requests. */
import type { Kysely, Selectable } from 'kysely'
import type { Database, TodosTable } from './schema.js'

export type TodoRow = Selectable<TodosTable>

/** Whether the user has a pending to-do (of any action) for the merge request. */
export async function hasPendingTodo(
  db: Kysely<Database>,
  mergeRequestId: number,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('todos')
    .select('id')
    .where('merge_request_id', '=', mergeRequestId)
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .executeTakeFirst()
  return row !== undefined
}

export interface NewTodo {
  userId: number
  authorId: number
  projectId: number
  mergeRequestId: number
  action: string
}

/** Stores a pending to-do. */
export function insertTodo(db: Kysely<Database>, todo: NewTodo): Promise<TodoRow> {
  return db
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
}

/** Marks the user's pending to-dos for the merge request done. */
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
