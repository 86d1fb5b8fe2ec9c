import {
  AccessLevel,
  SourceType,
  type Group as GroupMessage,
  type GroupAbilities as GroupAbilitiesMessage,
  type Identity as IdentityMessage,
  type Member as MemberMessage,
  type MemberRole as MemberRoleMessage,
  type Namespace as NamespaceMessage,
  type PersonalAccessToken as TokenMessage,
  type SamlIdentity as SamlIdentityMessage,
  type User as UserMessage,
  type UserMembership as UserMembershipMessage,
} from '@suite/proto'
import type { GroupAbilities } from '../domain/group-policy.js'
import type { UserMembership } from '../domain/list-user-memberships.js'
import type { Member } from '../domain/member.js'
import type { MemberRole } from '../domain/member-role.js'
import type { Group, Namespace } from '../domain/namespace.js'
import type { SamlIdentity } from '../domain/saml-identity.js'
import { isActive, type PersonalAccessToken } from '../domain/token.js'
import { commitEmailOrDefault, type Identity, type User } from '../domain/user.js'
import type { UserAbilities } from '../domain/user-policy.js'
import { visibilityName } from '@suite/runtime'

const orUndefined = <T>(value: T | null): T | undefined => value ?? undefined

function toIdentityMessage(identity: Identity): IdentityMessage {
  return {
    provider: identity.provider,
    externUid: identity.externUid,
    samlProviderId: orUndefined(identity.samlProviderId),
    groupId: orUndefined(identity.groupId),
  }
}

/** A user; `abilities` are the request's caller's on it (UserPolicy), when the answer carries them. */
export function toUserMessage(user: User, abilities?: UserAbilities): UserMessage {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    state: user.state,
    locked: user.locked,
    admin: user.admin,
    createdAt: user.createdAt,
    bio: user.bio,
    location: user.location,
    publicEmail: user.publicEmail,
    websiteUrl: user.websiteUrl,
    organization: user.organization,
    jobTitle: user.jobTitle,
    pronouns: orUndefined(user.pronouns),
    skype: user.skype,
    linkedin: user.linkedin,
    twitter: user.twitter,
    discord: user.discord,
    bot: user.bot,
    namespaceId: user.namespaceId,
    canCreateGroup: user.canCreateGroup,
    projectsLimit: user.projectsLimit,
    external: user.external,
    privateProfile: user.privateProfile,
    createdById: orUndefined(user.createdById),
    note: user.note,
    commitEmail: commitEmailOrDefault(user),
    confirmedAt: orUndefined(user.confirmedAt),
    lastSignInAt: orUndefined(user.lastSignInAt),
    currentSignInAt: orUndefined(user.currentSignInAt),
    lastActivityOn: orUndefined(user.lastActivityOn),
    identities: user.identities.map(toIdentityMessage),
    themeId: user.themeId,
    colorSchemeId: user.colorSchemeId,
    avatarFilename: user.avatarFilename ?? undefined,
    abilities: abilities && { readUserProfile: abilities.readUserProfile },
  }
}

export function toTokenMessage(token: PersonalAccessToken, now = new Date()): TokenMessage {
  return {
    id: token.id,
    name: token.name,
    description: orUndefined(token.description),
    revoked: token.revoked,
    createdAt: token.createdAt,
    scopes: token.scopes,
    userId: token.userId,
    lastUsedAt: orUndefined(token.lastUsedAt),
    active: isActive(token, now),
    expiresAt: orUndefined(token.expiresAt),
    impersonation: token.impersonation,
  }
}

/** The proto's GroupAbilities: every field but the domain-only rules. */
function toGroupAbilitiesMessage(abilities: GroupAbilities): GroupAbilitiesMessage {
  return {
    groupId: abilities.groupId,
    accessLevel: abilities.accessLevel,
    readGroup: abilities.readGroup,
    readGroupMember: abilities.readGroupMember,
    adminGroupMember: abilities.adminGroupMember,
    adminGroup: abilities.adminGroup,
    createSubgroup: abilities.createSubgroup,
    createProjects: abilities.createProjects,
    removeGroup: abilities.removeGroup,
    changeVisibilityLevel: abilities.changeVisibilityLevel,
    adminMemberRoles: abilities.adminMemberRoles,
    readSamlIdentities: abilities.readSamlIdentities,
    authorizedGroup: abilities.authorizedGroup,
    adminCicdVariables: abilities.adminCicdVariables,
  }
}

/** A group, with the caller's level and abilities in it when there is a caller. */
export function toGroupMessage(group: Group, abilities: GroupAbilities | undefined): GroupMessage {
  const { settings } = group
  return {
    id: group.id,
    name: group.name,
    path: group.path,
    description: group.description,
    visibility: visibilityName(group.visibilityLevel),
    fullName: group.fullName,
    fullPath: group.fullPath,
    parentId: orUndefined(group.parentId),
    createdAt: group.createdAt,
    shareWithGroupLock: settings.shareWithGroupLock,
    requireTwoFactorAuthentication: settings.requireTwoFactorAuthentication,
    twoFactorGracePeriod: settings.twoFactorGracePeriod,
    projectCreationLevel: settings.projectCreationLevel,
    subgroupCreationLevel: settings.subgroupCreationLevel,
    lfsEnabled: settings.lfsEnabled,
    requestAccessEnabled: settings.requestAccessEnabled,
    emailsEnabled: settings.emailsEnabled,
    mentionsDisabled: settings.mentionsDisabled,
    defaultBranch: orUndefined(settings.defaultBranch),
    defaultBranchProtection: settings.defaultBranchProtection,
    autoDevopsEnabled: orUndefined(settings.autoDevopsEnabled),
    callerAccessLevel: abilities?.accessLevel ?? AccessLevel.ACCESS_LEVEL_NO_ACCESS,
    abilities: abilities && toGroupAbilitiesMessage(abilities),
  }
}

export function toNamespaceMessage(namespace: Namespace): NamespaceMessage {
  return {
    id: namespace.id,
    name: namespace.name,
    path: namespace.path,
    kind: namespace.kind,
    fullPath: namespace.fullPath,
    parentId: orUndefined(namespace.parentId),
    ownerId: orUndefined(namespace.ownerId),
    visibility: visibilityName(namespace.visibilityLevel),
    traversalIds: namespace.traversalIds,
  }
}

export function toMemberRoleMessage(role: MemberRole): MemberRoleMessage {
  return {
    id: role.id,
    name: role.name,
    description: orUndefined(role.description),
    groupId: orUndefined(role.namespaceId),
    baseAccessLevel: role.baseAccessLevel,
    permissions: [...role.permissions],
    createdAt: role.createdAt,
  }
}

export function toSamlIdentityMessage(identity: SamlIdentity): SamlIdentityMessage {
  return {
    userId: identity.userId,
    externUid: identity.externUid,
    groupId: identity.groupId,
    samlProviderId: identity.samlProviderId,
  }
}

/** A membership, with its custom role when it holds one (roles by id). */
export function toMemberMessage(
  member: Member,
  user: User,
  roles: ReadonlyMap<number, MemberRole> = new Map(),
): MemberMessage {
  const role = member.memberRoleId === null ? undefined : roles.get(member.memberRoleId)
  return {
    user: toUserMessage(user),
    accessLevel: member.accessLevel,
    createdAt: member.createdAt,
    createdById: orUndefined(member.createdById),
    expiresAt: orUndefined(member.expiresAt),
    memberRoleId: orUndefined(member.memberRoleId),
    heldInType: toSourceType(member.sourceType),
    heldInId: member.sourceId,
    memberRole: role && toMemberRoleMessage(role),
  }
}

export function toSourceType(sourceType: 'Namespace' | 'Project'): SourceType {
  return sourceType === 'Project' ? SourceType.SOURCE_TYPE_PROJECT : SourceType.SOURCE_TYPE_GROUP
}

export function toUserMembershipMessage(membership: UserMembership): UserMembershipMessage {
  return {
    sourceType: toSourceType(membership.sourceType),
    sourceId: membership.sourceId,
    accessLevel: membership.accessLevel,
    customPermissions: [...membership.customPermissions],
  }
}
