import type { Project, ResourceLabelEvent, ResourceMilestoneEvent } from '@suite/proto'
import { presentLabelBasic } from './label.entity.js'
import { presentMilestone } from './milestone.entity.js'
import { isoTime, type PresentContext } from './present-context.js'
import { projectWebUrl } from './merge-request-links.js'
import { presentRelatedUser } from './related-user.js'

/** An event with the project its merge request is in (for the milestone's web_url). */
export interface EventInProject<E> {
  event: E
  project: Project
}

/** API::Entities::ResourceLabelEvent of a merge request. */
export function presentResourceLabelEvent(
  { event }: EventInProject<ResourceLabelEvent>,
  ctx: PresentContext,
) {
  return {
    id: event.id,
    user: presentRelatedUser(event.userId, ctx),
    created_at: isoTime(event.createdAt),
    resource_type: 'MergeRequest' as const,
    resource_id: event.resourceId,
    label: event.label ? presentLabelBasic(event.label) : null,
    action: event.action,
  }
}

/** API::Entities::ResourceMilestoneEvent of a merge request. */
export function presentResourceMilestoneEvent(
  { event, project }: EventInProject<ResourceMilestoneEvent>,
  ctx: PresentContext,
) {
  return {
    id: event.id,
    user: presentRelatedUser(event.userId, ctx),
    created_at: isoTime(event.createdAt),
    resource_type: 'MergeRequest' as const,
    resource_id: event.resourceId,
    milestone: event.milestone
      ? presentMilestone(event.milestone, projectWebUrl(ctx.externalUrl, project))
      : null,
    state: event.state,
    action: event.action,
  }
}

/** The event's user, for `related`. */
export function resourceEventUserIds({ event }: EventInProject<{ userId?: number }>): number[] {
  return event.userId === undefined ? [] : [event.userId]
}
