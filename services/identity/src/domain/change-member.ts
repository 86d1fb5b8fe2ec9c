import { AccessLevel } from '@suite/proto'
import { ForbiddenError, NotFoundError, RecordNotFoundError } from '@suite/runtime'
import type { Stores } from './ports.js'
import { reachesLevel } from './access-level.js'
import type { Caller } from './caller.js'
import { normalizeDate } from './dates.js'
import type { Member, SourceRef } from './member.js'
import { checkMemberRole, roleVanished } from './check-member-role.js'
import { checkMembership } from './check-membership.js'
import { memberActivity } from './member-activity.js'
import { isLastOwner } from './member-rules.js'
import { resolveVisibleSource, type ResolvedSource } from './member-source.js'
import { requireSignedIn, type MemberAbilities } from './policy.js'
import type { User } from './user.js'

export interface UpdateMemberInput {
  source: SourceRef
  userId: number
  accessLevel?: number | undefined
  /** '' clears the expiry */
  expiresAt?: string | undefined
  /** Absent keeps the role; 0 takes it away. */
  memberRoleId?: number | undefined
}

/**
 * The role the membership holds after an update, and whether it must be
 * checked: a new role, or a new level under the role it keeps (GitLab
 * validates the base level against the membership's level on each change).
 */
export function roleAfterUpdate(
  member: Pick<Member, 'memberRoleId' | 'accessLevel'>,
  change: { memberRoleId?: number | undefined; accessLevel?: number | undefined },
): { memberRoleId: number | null; accessLevel: number; check: boolean } {
  const memberRoleId =
    change.memberRoleId === undefined ? member.memberRoleId : change.memberRoleId || null
  const accessLevel = change.accessLevel ?? member.accessLevel
  const changed = change.memberRoleId !== undefined || change.accessLevel !== undefined
  return { memberRoleId, accessLevel, check: memberRoleId !== null && changed }
}

/** Rules shared by update and removal: who may touch this membership at all. */
async function guardChange(
  stores: Stores,
  source: ResolvedSource,
  abilities: MemberAbilities,
  member: Member,
  selfRemoval: boolean,
): Promise<void> {
  if (!selfRemoval && !abilities.admin) throw new ForbiddenError()
  // The owner of a personal namespace stays Owner of its projects.
  if (source.personalOwnerId === member.userId) throw new ForbiddenError()
  const owner = reachesLevel(member.accessLevel, AccessLevel.ACCESS_LEVEL_OWNER)
  if (owner && !selfRemoval && !abilities.manageOwners) throw new ForbiddenError()
  if (source.group && owner) {
    const owners = await stores.members.ownerIds(source.group.traversalIds)
    if (isLastOwner(owners, member.userId)) throw new ForbiddenError()
  }
}

async function findMember(stores: Stores, source: ResolvedSource, userId: number): Promise<Member> {
  const member = await stores.members.findDirect(source.sourceType, source.sourceId, userId)
  if (!member) throw new RecordNotFoundError()
  return member
}

/** PUT /:source/:id/members/:user_id */
export async function updateMember(
  stores: Stores,
  caller: Caller,
  input: UpdateMemberInput,
  now = new Date(),
): Promise<{ member: Member; user: User }> {
  requireSignedIn(caller)
  const expiresAt = normalizeDate(input.expiresAt)
  const { source, abilities } = await resolveVisibleSource(stores, caller, input.source)
  if (!abilities.admin) throw new ForbiddenError()
  const member = await findMember(stores, source, input.userId)
  await guardChange(stores, source, abilities, member, false)
  await checkMembership(
    stores,
    source,
    abilities,
    { userId: member.userId, accessLevel: input.accessLevel, expiresAt },
    now,
  )
  const role = roleAfterUpdate(member, input)
  if (role.check && role.memberRoleId !== null) {
    await checkMemberRole(stores, source, role.memberRoleId, role.accessLevel)
  }
  const updated = await stores.members
    .update(member.id, {
      accessLevel: input.accessLevel,
      expiresAt: expiresAt === undefined ? undefined : expiresAt || null,
      memberRoleId: input.memberRoleId === undefined ? undefined : role.memberRoleId,
    })
    .catch((error: unknown) => {
      throw roleVanished(error) ?? error
    })
  const user = await stores.users.findById(updated.userId)
  if (!user) throw new NotFoundError('User')
  return { member: updated, user }
}

/** DELETE /:source/:id/members/:user_id: managers, or a member leaving; returns the removed membership. */
export async function removeMember(
  stores: Stores,
  caller: Caller,
  input: { source: SourceRef; userId: number },
  now = new Date(),
): Promise<Member> {
  const callerId = requireSignedIn(caller)
  const { source, abilities } = await resolveVisibleSource(stores, caller, input.source)
  const member = await findMember(stores, source, input.userId)
  await guardChange(stores, source, abilities, member, member.userId === callerId)
  // The left event commits with the removal (transactional outbox).
  await stores.transaction(async (tx) => {
    await tx.members.delete(member.id)
    const activity = memberActivity(member, 'left', now)
    if (activity) await tx.outbox.addMemberActivity(activity)
  })
  return member
}
