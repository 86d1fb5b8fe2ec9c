import { setSubscription, type SubscriptionAnswer } from '../../domain/subscriptions.js'
import { createTodo } from '../../domain/todos.js'
import { toTodoMessage } from '../collaboration-to-proto.js'
import { toIssueMessage } from '../issue-to-proto.js'
import { toMergeRequestMessage } from '../to-proto.js'
import type { CollaborationHandlers } from './handler.js'

/** The request or the issue, in the response field of its kind. */
function toSubscriptionMessage(answer: SubscriptionAnswer) {
  return answer.type === 'Issue'
    ? { mergeRequest: undefined, issue: toIssueMessage(answer.view) }
    : { mergeRequest: toMergeRequestMessage(answer.view), issue: undefined }
}

/** Subscriptions and to-dos: what one user follows. */
export const participationHandlers: CollaborationHandlers<
  'subscribe' | 'unsubscribe' | 'createTodo'
> = {
  subscribe: async (deps, caller, key) =>
    toSubscriptionMessage(await setSubscription(deps, caller, key, true)),
  unsubscribe: async (deps, caller, key) =>
    toSubscriptionMessage(await setSubscription(deps, caller, key, false)),
  createTodo: async (deps, caller, key) => ({
    todo: toTodoMessage(await createTodo(deps, caller, key)),
  }),
}
