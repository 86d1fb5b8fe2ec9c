import { setSubscription } from '../../domain/subscriptions.js'
import { createTodo } from '../../domain/todos.js'
import { toTodoMessage } from '../collaboration-to-proto.js'
import { toMergeRequestMessage } from '../to-proto.js'
import type { CollaborationHandlers } from './handler.js'

/** Subscriptions and to-dos: what one user follows. */
export const participationHandlers: CollaborationHandlers<
  'subscribe' | 'unsubscribe' | 'createTodo'
> = {
  subscribe: async (deps, caller, key) => ({
    mergeRequest: toMergeRequestMessage(await setSubscription(deps, caller, key, true)),
  }),
  unsubscribe: async (deps, caller, key) => ({
    mergeRequest: toMergeRequestMessage(await setSubscription(deps, caller, key, false)),
  }),
  createTodo: async (deps, caller, key) => ({
    todo: toTodoMessage(await createTodo(deps, caller, key)),
  }),
}
