import { humanAccess, isMemberAccessLevel } from './access-level.js'
import { isIsoDate, utcToday } from './dates.js'
import { ErrorCollector, INVALID } from './field-errors.js'
import type { Group } from './namespace.js'

export const PAST_DATE = 'cannot be a date in the past'

export interface InheritedMembership {
  accessLevel: number
  group: Group
}

export interface MemberChange {
  accessLevel?: number | undefined
  expiresAt?: string | undefined
  /** The highest membership held in a group above the source. */
  inherited: InheritedMembership | undefined
}

/** Member validations in GitLab's wording (Member, FutureDateValidator). */
export function memberErrors(change: MemberChange, now = new Date()): ErrorCollector {
  const errors = new ErrorCollector()
  const level = change.accessLevel
  if (level !== undefined) {
    if (!isMemberAccessLevel(level)) errors.add('access_level', 'is not included in the list')
    else if (change.inherited && change.inherited.accessLevel > level) {
      errors.add('access_level', inheritedMinimumMessage(change.inherited))
    }
  }
  if (change.expiresAt !== undefined && change.expiresAt !== '') {
    if (!isIsoDate(change.expiresAt)) errors.add('expires_at', INVALID)
    else if (change.expiresAt < utcToday(now)) errors.add('expires_at', PAST_DATE)
  }
  return errors
}

/** Member#higher_access_level_than_group */
export function inheritedMinimumMessage(inherited: InheritedMembership): string {
  return `should be greater than or equal to ${humanAccess(inherited.accessLevel)} inherited membership from group ${inherited.group.name}`
}

/** The highest of a user's memberships in groups above a source (GitLab picks the last by level). */
export function highestInherited(
  memberships: readonly { sourceId: number; accessLevel: number }[],
  ancestors: readonly Group[],
): InheritedMembership | undefined {
  let best: InheritedMembership | undefined
  for (const group of ancestors) {
    for (const membership of memberships) {
      if (membership.sourceId !== group.id) continue
      if (!best || membership.accessLevel >= best.accessLevel) {
        best = { accessLevel: membership.accessLevel, group }
      }
    }
  }
  return best
}

/** Whether removing or demoting this Owner would leave the group hierarchy without one. */
export function isLastOwner(ownerIds: readonly number[], userId: number): boolean {
  return ownerIds.length === 1 && ownerIds[0] === userId
}
