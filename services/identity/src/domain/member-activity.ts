import type { Member } from './member.js'

/** A membership change that the projects' activity feed records. */
export interface MemberActivity {
  action: 'joined' | 'left'
  projectId: number
  userId: number
  memberId: number
  at: Date
}

/** The activity's idempotency key: the same change reported twice is stored once. */
export function memberActivityKey(activity: MemberActivity): string {
  return `member:${activity.projectId}:${activity.userId}:${activity.action}:${activity.memberId}`
}

/**
 * GitLab records joined and left events for project memberships only
 * (ProjectMember's post_create_hook and post_destroy_hook), and none for the
 * project's owner (the owner of its personal namespace); group memberships
 * have none.
 */
export function memberActivity(
  member: Member,
  action: MemberActivity['action'],
  at: Date,
  isProjectOwner = false,
): MemberActivity | undefined {
  if (member.sourceType !== 'Project' || isProjectOwner) return undefined
  return { action, projectId: member.sourceId, userId: member.userId, memberId: member.id, at }
}
