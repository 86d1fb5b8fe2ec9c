/**
 * POST .../todo (TodoService#mark_todo): a pending "marked" to-do for the
 * caller, unless the caller already has a pending to-do for the request (304).
 */
import type { Caller, Todo } from '@suite/proto'
import type { MergeRequestsDeps } from './deps.js'
import { hasPendingTodo, insertTodo } from '../store/todos.store.js'
import { notModified, requireUserId } from './collaboration-access.js'
import {
  presentMergeRequests,
  requireMergeRequest,
  type MergeRequestKey,
} from './merge-request-access.js'

/** Todo::MARKED as the entity's action_name says it. */
export const MARKED = 'marked'

/** Creates the caller's to-do; its target is the request as a single-request response. */
export async function createTodo(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<Todo> {
  const userId = requireUserId(caller)
  const row = await requireMergeRequest(deps, caller, key)
  if (await hasPendingTodo(deps.db, row.id, userId)) throw notModified()
  const todo = await insertTodo(deps.db, {
    userId,
    authorId: userId,
    projectId: row.target_project_id,
    mergeRequestId: row.id,
    action: MARKED,
  })
  const [target] = await presentMergeRequests(deps, [row], { caller, single: true })
  return {
    id: todo.id,
    projectId: todo.project_id,
    authorId: todo.author_id,
    userId: todo.user_id,
    actionName: todo.action,
    targetType: 'MergeRequest',
    target,
    // Todo#body: the note's text, else the target's title.
    body: todo.body || row.title,
    state: todo.state,
    createdAt: todo.created_at,
  }
}
