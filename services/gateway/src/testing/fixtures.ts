import {
  AccessLevel,
  MemberPermission,
  SourceType,
  type Group,
  type Member,
  type MemberRole,
  type PersonalAccessToken,
  type SamlIdentity,
  type User,
} from '@suite/proto'
import type { Principal } from '../auth/principal.js'
import type { PresentContext } from '../entities/present-context.js'
import { groupAbilitiesFixture } from './abilities-fixture.js'

/** Messages as the identity service sends them, for tests. */
export function userFixture(overrides: Partial<User> = {}): User {
  return {
    id: 2,
    username: 'alice',
    name: 'Alice Liddell',
    email: 'alice@example.com',
    state: 'active',
    locked: false,
    admin: false,
    createdAt: new Date('2026-11-21T10:56:24.123Z'),
    bio: '',
    location: '',
    publicEmail: '',
    websiteUrl: '',
    organization: '',
    jobTitle: '',
    pronouns: undefined,
    skype: '',
    linkedin: '',
    twitter: '',
    discord: '',
    bot: false,
    namespaceId: 7,
    canCreateGroup: true,
    projectsLimit: 100000,
    external: false,
    privateProfile: false,
    createdById: undefined,
    note: '',
    commitEmail: '',
    confirmedAt: new Date('2026-11-21T10:56:24.123Z'),
    lastSignInAt: undefined,
    currentSignInAt: undefined,
    lastActivityOn: undefined,
    identities: [],
    themeId: 3,
    colorSchemeId: 1,
    abilities: { readUserProfile: true },
    ...overrides,
  }
}

export function rootFixture(overrides: Partial<User> = {}): User {
  return userFixture({
    id: 1,
    username: 'root',
    name: 'Administrator',
    email: 'admin@example.com',
    admin: true,
    namespaceId: 1,
    ...overrides,
  })
}

export function tokenFixture(overrides: Partial<PersonalAccessToken> = {}): PersonalAccessToken {
  return {
    id: 5,
    name: 'ci',
    description: undefined,
    revoked: false,
    createdAt: new Date('2026-11-21T10:56:24.123Z'),
    scopes: ['api'],
    userId: 2,
    lastUsedAt: undefined,
    active: true,
    expiresAt: undefined,
    impersonation: false,
    ...overrides,
  }
}

export function groupFixture(overrides: Partial<Group> = {}): Group {
  return {
    id: 10,
    name: 'Parent',
    path: 'parent',
    description: '',
    visibility: 'private',
    fullName: 'Parent',
    fullPath: 'parent',
    parentId: undefined,
    createdAt: new Date('2026-11-21T10:56:24.123Z'),
    shareWithGroupLock: false,
    requireTwoFactorAuthentication: false,
    twoFactorGracePeriod: 48,
    projectCreationLevel: 'developer',
    subgroupCreationLevel: 'maintainer',
    lfsEnabled: true,
    requestAccessEnabled: true,
    emailsEnabled: true,
    mentionsDisabled: false,
    defaultBranch: undefined,
    defaultBranchProtection: 2,
    autoDevopsEnabled: undefined,
    callerAccessLevel: 50,
    abilities: groupAbilitiesFixture(),
    ...overrides,
  }
}

export function memberFixture(overrides: Partial<Member> = {}): Member {
  return {
    user: userFixture(),
    accessLevel: 30,
    createdAt: new Date('2026-11-21T10:56:24.123Z'),
    createdById: undefined,
    expiresAt: undefined,
    memberRoleId: undefined,
    heldInType: SourceType.SOURCE_TYPE_GROUP,
    heldInId: 10,
    ...overrides,
  }
}

/** A Guest-based custom role of group 10 that reads code. */
export function memberRoleFixture(overrides: Partial<MemberRole> = {}): MemberRole {
  return {
    id: 3,
    name: 'Guest + read code',
    description: undefined,
    groupId: 10,
    baseAccessLevel: AccessLevel.ACCESS_LEVEL_GUEST,
    permissions: [MemberPermission.MEMBER_PERMISSION_READ_CODE],
    createdAt: new Date('2026-11-21T10:56:24.123Z'),
    ...overrides,
  }
}

/** Alice's identity with the SAML provider of group 10. */
export function samlIdentityFixture(overrides: Partial<SamlIdentity> = {}): SamlIdentity {
  return { userId: 2, externUid: 'alice@idp', groupId: 10, samlProviderId: 4, ...overrides }
}

export function principalFixture(user: User | undefined, scopes = ['api']): Principal {
  return { user, token: user ? tokenFixture({ userId: user.id, scopes }) : undefined, sudo: false }
}

export function contextFixture(overrides: Partial<PresentContext> = {}): PresentContext {
  return {
    externalUrl: 'https://gitlab.example.com',
    principal: principalFixture(userFixture()),
    abilities: {},
    users: new Map(),
    ...overrides,
  }
}
