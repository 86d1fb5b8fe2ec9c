import type { Event } from '@suite/proto'
import { actionName, presentedTargetIid } from '../domain/event-action-name.js'
import type { ActivityEvent } from '../domain/event.js'

function optional<T>(value: T | null): T | undefined {
  return value === null ? undefined : value
}

/** An activity event as gitlab.projects.v1.Event. */
export function toEventMessage(event: ActivityEvent): Event {
  const push = event.push
  return {
    id: event.id,
    projectId: event.projectId,
    authorId: event.authorId,
    action: event.action,
    actionName: actionName(event),
    targetType: optional(event.targetType),
    targetId: optional(event.targetId),
    targetIid: optional(presentedTargetIid(event)),
    targetTitle: optional(event.targetTitle),
    createdAt: event.createdAt,
    pushData: push
      ? {
          commitCount: push.commitCount,
          action: push.action,
          refType: push.refType,
          commitFrom: optional(push.commitFrom),
          commitTo: optional(push.commitTo),
          ref: push.ref,
          commitTitle: optional(push.commitTitle),
          refCount: push.refCount ?? 0,
        }
      : undefined,
  }
}
