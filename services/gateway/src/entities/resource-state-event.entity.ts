import type { ResourceStateEvent } from '@suite/proto'
import { isoTime, type PresentContext } from './present-context.js'
import { presentRelatedUser } from './related-user.js'

/** API::Entities::ResourceStateEvent of a merge request. */
export function presentResourceStateEvent(event: ResourceStateEvent, ctx: PresentContext) {
  return {
    id: event.id,
    user: presentRelatedUser(event.userId, ctx),
    created_at: isoTime(event.createdAt),
    resource_type: 'MergeRequest' as const,
    resource_id: event.resourceId,
    source_commit: event.sourceCommit ?? null,
    source_merge_request_id: event.sourceMergeRequestId ?? null,
    state: event.state,
  }
}

/** The event's user, for `related`. */
export function resourceStateEventUserIds(event: ResourceStateEvent): number[] {
  return event.userId === undefined ? [] : [event.userId]
}
