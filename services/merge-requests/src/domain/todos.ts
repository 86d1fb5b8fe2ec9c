/**
 * POST .../todo (TodoService#mark_todo): a pending "marked" to-do for the
 * caller, unless the caller already has a pending to-do for the request (304).
 */
import type { Caller } from './caller.js'
import { notModified, requireUserId } from './collaboration-access.js'
import type { Todo } from './collaboration-records.js'
import type { MergeRequestsDeps } from './ports.js'
import type { MergeRequestKey } from './merge-request.js'
import { presentMergeRequests, requireMergeRequest } from './merge-request-access.js'
import type { MergeRequestView } from './merge-request-view.js'

/** Todo::MARKED as the entity's action_name says it. */
export const MARKED = 'marked'

/** A to-do as the API shows it: its target presented, its body the target's title when empty. */
export interface TodoView extends Todo {
  target: MergeRequestView | undefined
}

/** Creates the caller's to-do; its target is the request as a single-request response. */
export async function createTodo(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<TodoView> {
  const userId = requireUserId(caller)
  const mergeRequest = await requireMergeRequest(deps, caller, key)
  if (await deps.stores.todos.hasPending(mergeRequest.id, userId)) throw notModified()
  const todo = await deps.stores.todos.insert({
    userId,
    authorId: userId,
    projectId: mergeRequest.targetProjectId,
    mergeRequestId: mergeRequest.id,
    action: MARKED,
  })
  const [target] = await presentMergeRequests(deps, [mergeRequest], { caller, single: true })
  // Todo#body: the note's text, else the target's title.
  return { ...todo, target, body: todo.body || mergeRequest.title }
}
