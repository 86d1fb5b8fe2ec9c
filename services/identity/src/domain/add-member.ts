import { ConflictError, ForbiddenError, NotFoundError } from '@suite/runtime'
import type { Stores } from './ports.js'
import { UniqueViolation } from './write-conflicts.js'
import type { Caller } from './caller.js'
import { normalizeDate } from './dates.js'
import type { Member, SourceRef } from './member.js'
import { checkMemberRole, roleVanished } from './check-member-role.js'
import { checkMembership } from './check-membership.js'
import { memberActivity } from './member-activity.js'
import { resolveVisibleSource } from './member-source.js'
import { requireSignedIn } from './policy.js'
import type { User } from './user.js'

export interface AddMemberInput {
  source: SourceRef
  userId: number
  accessLevel: number
  expiresAt?: string | undefined
  memberRoleId?: number | undefined
}

export const MEMBER_EXISTS = 'Member already exists'

/**
 * POST /:source/:id/members. Needs :admin_group_member or
 * :admin_project_member (and the right to manage Owners to add an Owner);
 * then GitLab's order: 409 for an existing member, 404 for an unknown user,
 * then the membership's validations.
 */
export async function addMember(
  stores: Stores,
  caller: Caller,
  input: AddMemberInput,
  now = new Date(),
): Promise<{ member: Member; user: User; isProjectOwner: boolean }> {
  const callerId = requireSignedIn(caller)
  const expiresAt = normalizeDate(input.expiresAt)
  const { source, abilities } = await resolveVisibleSource(stores, caller, input.source)
  if (!abilities.admin) throw new ForbiddenError()
  if (await stores.members.findDirect(source.sourceType, source.sourceId, input.userId)) {
    throw new ConflictError(MEMBER_EXISTS)
  }
  const user = await stores.users.findById(input.userId)
  if (!user) throw new NotFoundError('User')
  await checkMembership(
    stores,
    source,
    abilities,
    { userId: user.id, accessLevel: input.accessLevel, expiresAt },
    now,
  )
  // 0 stands for no role, as an absent member_role_id.
  const memberRoleId = input.memberRoleId || null
  if (memberRoleId !== null) {
    await checkMemberRole(stores, source, memberRoleId, input.accessLevel)
  }
  // The owner of a personal namespace is its projects' owner (GitLab's ProjectMember#owner?).
  const isProjectOwner = source.personalOwnerId === user.id
  try {
    // The joined event commits with the membership (transactional outbox).
    const member = await stores.transaction(async (tx) => {
      const inserted = await tx.members.insert({
        sourceType: source.sourceType,
        sourceId: source.sourceId,
        userId: user.id,
        accessLevel: input.accessLevel,
        expiresAt: expiresAt || null,
        createdById: callerId,
        memberRoleId,
        memberNamespaceId: source.memberNamespaceId,
      })
      const activity = memberActivity(inserted, 'joined', inserted.createdAt, isProjectOwner)
      if (activity) await tx.outbox.addMemberActivity(activity)
      return inserted
    })
    return { member, user, isProjectOwner }
  } catch (error) {
    if (error instanceof UniqueViolation && error.rule === 'member') {
      throw new ConflictError(MEMBER_EXISTS)
    }
    throw roleVanished(error) ?? error
  }
}
