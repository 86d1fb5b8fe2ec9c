import { ForbiddenError, NotFoundError, RecordNotFoundError } from '@suite/runtime'
import type { Stores } from '../store/stores.js'
import { AccessLevel } from './access-level.js'
import type { Caller } from './caller.js'
import { normalizeDate } from './dates.js'
import type { Member, SourceRef } from './member.js'
import { checkMembership } from './check-membership.js'
import { memberActivity } from './member-activity.js'
import { isLastOwner } from './member-rules.js'
import { resolveVisibleSource, type ResolvedSource } from './member-source.js'
import { canManageMembers, canManageOwners, requireSignedIn } from './policy.js'
import type { User } from './user.js'

export interface UpdateMemberInput {
  source: SourceRef
  userId: number
  accessLevel?: number | undefined
  /** '' clears the expiry */
  expiresAt?: string | undefined
  memberRoleId?: number | undefined
}

/** Rules shared by update and removal: who may touch this membership at all. */
async function guardChange(
  stores: Stores,
  caller: Caller,
  source: ResolvedSource,
  level: number,
  member: Member,
  selfRemoval: boolean,
): Promise<void> {
  if (!selfRemoval && !canManageMembers(caller, source.sourceType, level)) {
    throw new ForbiddenError()
  }
  // The owner of a personal namespace stays Owner of its projects.
  if (source.personalOwnerId === member.userId) throw new ForbiddenError()
  if (
    source.sourceType === 'Project' &&
    member.accessLevel >= AccessLevel.OWNER &&
    !selfRemoval &&
    !canManageOwners(caller, level)
  ) {
    throw new ForbiddenError()
  }
  if (source.group && member.accessLevel >= AccessLevel.OWNER) {
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
  const { source, level } = await resolveVisibleSource(stores, caller, input.source)
  if (!canManageMembers(caller, source.sourceType, level)) throw new ForbiddenError()
  const member = await findMember(stores, source, input.userId)
  await guardChange(stores, caller, source, level, member, false)
  await checkMembership(
    stores,
    caller,
    source,
    level,
    { userId: member.userId, accessLevel: input.accessLevel, expiresAt },
    now,
  )
  const updated = await stores.members.update(member.id, {
    accessLevel: input.accessLevel,
    expiresAt: expiresAt === undefined ? undefined : expiresAt || null,
    memberRoleId: input.memberRoleId,
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
  const { source, level } = await resolveVisibleSource(stores, caller, input.source)
  const member = await findMember(stores, source, input.userId)
  await guardChange(stores, caller, source, level, member, member.userId === callerId)
  // The left event commits with the removal (transactional outbox).
  await stores.transaction(async (tx) => {
    await tx.members.delete(member.id)
    const activity = memberActivity(member, 'left', now)
    if (activity) await tx.outbox.addMemberActivity(activity)
  })
  return member
}
