import { ForbiddenError, InvalidError } from '@suite/runtime'
import type { Stores } from '../store/stores.js'
import { AccessLevel } from './access-level.js'
import type { Caller } from './caller.js'
import { highestInherited, memberErrors } from './member-rules.js'
import type { ResolvedSource } from './member-source.js'
import { canManageOwners } from './policy.js'

export interface MembershipChange {
  userId: number
  /** Absent on an update that leaves the level as it is. */
  accessLevel: number | undefined
  expiresAt: string | undefined
}

/**
 * Rules shared by adding and changing a membership: only those who may manage
 * Owners grant Owner on a project, and the level and expiry must pass GitLab's
 * validations against what the user already inherits from ancestor groups.
 */
export async function checkMembership(
  stores: Stores,
  caller: Caller,
  source: ResolvedSource,
  callerLevel: number,
  change: MembershipChange,
  now: Date,
): Promise<void> {
  if (
    source.sourceType === 'Project' &&
    (change.accessLevel ?? 0) >= AccessLevel.OWNER &&
    !canManageOwners(caller, callerLevel)
  ) {
    throw new ForbiddenError()
  }
  const held = await stores.members.held([change.userId], {
    groupIds: source.ancestorGroups.map((group) => group.id),
  })
  const errors = memberErrors(
    {
      accessLevel: change.accessLevel,
      expiresAt: change.expiresAt,
      inherited: highestInherited(held, source.ancestorGroups),
    },
    now,
  )
  if (!errors.empty) throw new InvalidError(errors.toJSON())
}
