import type { PipelineTrigger } from '@suite/proto'
import type { TriggerView } from '../domain/trigger-view.js'

/** A trigger as one caller may see it, as gitlab.ci.v1.PipelineTrigger; nulls travel as absent. */
export function toTriggerMessage(trigger: TriggerView): PipelineTrigger {
  return {
    id: trigger.id,
    projectId: trigger.projectId,
    ownerId: trigger.ownerId,
    description: trigger.description ?? undefined,
    token: trigger.token,
    createdAt: trigger.createdAt,
    updatedAt: trigger.updatedAt,
    lastUsed: trigger.lastUsed ?? undefined,
    expiresAt: trigger.expiresAt ?? undefined,
  }
}
