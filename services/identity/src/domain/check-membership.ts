import { AccessLevel } from '@suite/proto'
import { ForbiddenError, InvalidError } from '@suite/runtime'
import type { Stores } from './ports.js'
import { reachesLevel } from './access-level.js'
import { highestInherited, memberErrors } from './member-rules.js'
import type { ResolvedSource } from './member-source.js'
import type { MemberAbilities } from './policy.js'

export interface MembershipChange {
  userId: number
  /** Absent on an update that leaves the level as it is. */
  accessLevel: number | undefined
  expiresAt: string | undefined
}

/**
 * Rules shared by adding and changing a membership: only those who may manage
 * Owners grant Owner, and the level and expiry must pass GitLab's validations
 * against what the user already inherits from ancestor groups.
 */
export async function checkMembership(
  stores: Stores,
  source: ResolvedSource,
  abilities: MemberAbilities,
  change: MembershipChange,
  now: Date,
): Promise<void> {
  const grantsOwner =
    change.accessLevel !== undefined &&
    reachesLevel(change.accessLevel, AccessLevel.ACCESS_LEVEL_OWNER)
  if (grantsOwner && !abilities.manageOwners) throw new ForbiddenError()
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
