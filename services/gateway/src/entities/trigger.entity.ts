import type { PipelineTrigger } from '@suite/proto'
import { isoTime, orNull, type PresentContext } from './present-context.js'
import { presentRelatedUser } from './related-user.js'

/**
 * API::Entities::Trigger. The token arrives already cut to what this caller
 * may see (ci-triggers decides); the owner is null once the user is gone.
 */
export function presentTrigger(trigger: PipelineTrigger, ctx: PresentContext) {
  return {
    id: trigger.id,
    token: trigger.token,
    description: orNull(trigger.description),
    created_at: isoTime(trigger.createdAt),
    updated_at: isoTime(trigger.updatedAt),
    last_used: isoTime(trigger.lastUsed),
    expires_at: isoTime(trigger.expiresAt),
    owner: presentRelatedUser(trigger.ownerId, ctx),
  }
}

/** The owner, for `related`. */
export function triggerOwnerIds(trigger: PipelineTrigger): number[] {
  return [trigger.ownerId]
}
