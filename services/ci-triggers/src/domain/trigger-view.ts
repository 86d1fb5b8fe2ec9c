import { SHORT_TOKEN_LENGTH, type Trigger } from './trigger.js'

/** A trigger as one caller may see it: the full token only when it is theirs. */
export type TriggerView = Trigger

/**
 * API::Entities::Trigger shows `token` in full to the token's owner (the
 * TriggerPresenter); everyone else sees its first four characters.
 */
export function viewTrigger(trigger: Trigger, viewerId: number | null): TriggerView {
  if (viewerId !== null && viewerId === trigger.ownerId) return trigger
  return { ...trigger, token: trigger.token.slice(0, SHORT_TOKEN_LENGTH) }
}
