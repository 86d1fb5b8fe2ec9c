import { SourceType, type Member } from '@suite/proto'
import { canInGroup, canInProject } from '../auth/abilities.js'
import { presentIdentity, type IdentityJson } from './identity.entity.js'
import { presentMemberRole, type MemberRoleJson } from './member-role.entity.js'
import { isoTime, orNull, type PresentContext } from './present-context.js'
import { presentUserBasic, type UserBasicJson } from './user-basic.entity.js'

/** API::Entities::Member with EE's fields: the user's own fields merged in. */
export interface MemberJson extends UserBasicJson {
  access_level: number
  created_at: string | null
  created_by: UserBasicJson | null
  expires_at: string | null
  group_saml_identity: IdentityJson | null
  membership_state: string
  member_role: MemberRoleJson | null
}

/**
 * EE's Member entity shows group_saml_identity with :read_group_saml_identity
 * on the membership's source: the group's read_saml_identities as identity
 * answered it. On a project's list the answer at hand is the project's, whose
 * owner ability (manage_owners) stands for it.
 */
function canReadSamlIdentity(ctx: PresentContext): boolean {
  const { group, project } = ctx.abilities
  return canInGroup(group, 'readSamlIdentities') || canInProject(project, 'manageOwners')
}

/**
 * Member#group_saml_identity: the user's identity with the SAML provider of
 * the group that holds the membership.
 */
function groupSamlIdentity(member: Member, ctx: PresentContext): IdentityJson | null {
  if (!canReadSamlIdentity(ctx)) return null
  if (member.heldInType !== SourceType.SOURCE_TYPE_GROUP) return null
  const identity = member.user?.identities.find(
    (candidate) => candidate.provider === 'group_saml' && candidate.groupId === member.heldInId,
  )
  return identity ? presentIdentity(identity) : null
}

export function presentMember(member: Member, ctx: PresentContext): MemberJson {
  if (!member.user) throw new Error('member without its user')
  const creator = member.createdById === undefined ? undefined : ctx.users.get(member.createdById)
  return {
    ...presentUserBasic(member.user, ctx),
    access_level: member.accessLevel,
    created_at: isoTime(member.createdAt),
    created_by: creator ? presentUserBasic(creator, ctx) : null,
    expires_at: orNull(member.expiresAt),
    group_saml_identity: groupSamlIdentity(member, ctx),
    // Invitations and pending members are not part of this suite.
    membership_state: 'active',
    // EE's Member entity: the custom role the membership holds, if any.
    member_role: member.memberRole ? presentMemberRole(member.memberRole) : null,
  }
}

/** Ids of the users presentMember refers to, for the route's batch load. */
export function memberRelatedIds(member: Member): number[] {
  return member.createdById === undefined ? [] : [member.createdById]
}
