import type { ActivityEvent } from './event.js'

type Named = Pick<ActivityEvent, 'action' | 'targetType' | 'push'>

/** What a push did to its ref, in GitLab's words (PushEvent#push_action_name). */
function pushActionName(push: ActivityEvent['push']): string {
  if (push?.action === 'created') return 'pushed new'
  if (push?.action === 'removed') return 'deleted'
  return 'pushed to'
}

/**
 * Event#action_name: the verb GitLab shows for an event. A project's own
 * creation (no target) is "created"; any other creation, update or reopening
 * is "opened", as GitLab's fallback says.
 */
export function actionName(event: Named): string {
  switch (event.action) {
    case 'pushed':
      return pushActionName(event.push)
    case 'closed':
      return 'closed'
    case 'merged':
      return 'accepted'
    case 'joined':
      return 'joined'
    case 'left':
      return 'left'
    case 'expired':
      return 'removed due to membership expiration from'
    case 'destroyed':
      return 'destroyed'
    case 'commented':
      return 'commented on'
    case 'approved':
      return 'approved'
    case 'created':
      return event.targetType === null ? 'created' : 'opened'
    default:
      return 'opened'
  }
}

/** The target iid GitLab prints: the target's iid, else its id (Event#target_iid). */
export function presentedTargetIid(
  event: Pick<ActivityEvent, 'targetId' | 'targetIid'>,
): number | null {
  return event.targetIid ?? event.targetId
}
