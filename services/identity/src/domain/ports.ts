import type { MemberPermission } from '@suite/proto'
import type { HeldMembership } from './access-level.js'
import type { GroupQuery } from './group-query.js'
import type { Member } from './member.js'
import type { MemberActivity } from './member-activity.js'
import type { MemberFilter, MembershipScope } from './member-query.js'
import type { MemberRole } from './member-role.js'
import type { Group, Namespace, NamespaceRef } from './namespace.js'
import type { SamlIdentity } from './saml-identity.js'
import type { PersonalAccessToken } from './token.js'
import type { Identity, User, UserProfile } from './user.js'
import type { UserQuery } from './user-query.js'

/**
 * What identity's rules need from storage, as interfaces: `store/`
 * implements them (store/stores.ts gathers them), the domain knows nothing
 * else of it. A write a unique index or a foreign key refuses throws
 * domain/write-conflicts.ts's UniqueViolation or ForeignKeyViolation.
 */

/** A page as the store reads it. */
export interface PageWindow {
  limit: number
  offset: number
}

/** Columns of a new user besides its profile. */
export interface NewUserRow {
  id?: number
  encryptedPassword: string
  confirmedAt: Date | null
  createdById: number | null
  profile: UserProfile & { email: string; username: string; name: string }
}

/** The user aggregate: users and their identities. */
export interface UserStore {
  findById(id: number): Promise<User | undefined>
  findByIds(ids: readonly number[]): Promise<User[]>
  /** Which of an email and a username other users already hold (case-insensitive). */
  taken(
    email: string | undefined,
    username: string | undefined,
    exceptUserId?: number,
  ): Promise<{ email: boolean; username: boolean }>
  insert(user: NewUserRow): Promise<number>
  update(id: number, profile: UserProfile, encryptedPassword?: string): Promise<void>
  /** Moves the user from one state to another; false when it is no longer in `from`. */
  moveState(id: number, from: string, to: string): Promise<boolean>
  list(query: UserQuery, window: PageWindow): Promise<{ users: User[]; total: number }>
  /** Identities of users, with the group behind each group SAML identity. */
  identitiesOf(userIds: readonly number[]): Promise<Map<number, Identity[]>>
  /** Sets the user's identity for a provider (and SAML provider), adding it if new. */
  upsertIdentity(
    userId: number,
    identity: { provider: string; externUid: string; samlProviderId: number | null },
  ): Promise<void>
  /** The SAML provider of a group, created on first use. */
  samlProviderFor(groupId: number): Promise<number>
}

/** The namespace aggregate: personal namespaces and groups. */
export interface NamespaceStore {
  find(ref: NamespaceRef): Promise<Namespace | undefined>
  findGroup(ref: NamespaceRef): Promise<Group | undefined>
  findByIds(ids: readonly number[]): Promise<Namespace[]>
  findGroups(ids: readonly number[]): Promise<Group[]>
  /** Whether a route (full path) is held by any namespace but one. */
  pathTaken(fullPath: string, exceptId?: number): Promise<boolean>
  /** Whether a sibling group already has this name (GitLab compares names exactly). */
  siblingNameTaken(parentId: number, name: string): Promise<boolean>
  /** Reserves an id so traversal_ids can be written with the row. */
  nextId(): Promise<number>
  insert(namespace: Namespace): Promise<void>
  /** Follows a username change: the personal namespace's path, route and name. */
  renameUserNamespace(ownerId: number, path: string, name: string): Promise<void>
  listGroups(query: GroupQuery, window: PageWindow): Promise<{ groups: Group[]; total: number }>
}

export interface NewMember {
  sourceType: 'Namespace' | 'Project'
  sourceId: number
  userId: number
  accessLevel: number
  expiresAt: string | null
  createdById: number | null
  memberRoleId: number | null
  memberNamespaceId: number | null
}

/** Memberships of groups and projects. */
export interface MemberStore {
  findDirect(sourceType: string, sourceId: number, userId: number): Promise<Member | undefined>
  /** The memberships of users that count in a scope (direct project one and group ones). */
  held(
    userIds: readonly number[],
    scope: MembershipScope,
  ): Promise<(HeldMembership & { userId: number })[]>
  /** Every unexpired direct membership of a user, groups and projects. */
  listForUser(userId: number): Promise<HeldMembership[]>
  /**
   * Of the groups given, those where the user is a member of the group itself
   * or of a group or project anywhere below it.
   */
  groupsWithMembershipWithin(userId: number, groupIds: readonly number[]): Promise<Set<number>>
  /** Distinct users holding Owner in any of the groups. */
  ownerIds(groupIds: readonly number[]): Promise<number[]>
  insert(member: NewMember): Promise<Member>
  update(
    id: number,
    changes: { accessLevel?: number; expiresAt?: string | null; memberRoleId?: number | null },
  ): Promise<Member>
  delete(id: number): Promise<void>
  /** Direct members of one source, oldest first. */
  listDirect(
    sourceType: string,
    sourceId: number,
    filter: MemberFilter,
    window: PageWindow,
  ): Promise<{ members: Member[]; total: number }>
  /** Direct and inherited members, each user once with its highest membership. */
  listInherited(
    scope: MembershipScope,
    filter: MemberFilter,
    window: PageWindow,
  ): Promise<{ members: Member[]; total: number }>
}

export interface NewMemberRole {
  name: string
  description: string | null
  namespaceId: number | null
  baseAccessLevel: number
  permissions: readonly MemberPermission[]
}

export interface MemberRoleChanges {
  name?: string | undefined
  description?: string | null | undefined
  permissions?: readonly MemberPermission[] | undefined
}

/** Custom member roles, of the instance (namespace_id null) or of a top-level group. */
export interface MemberRoleStore {
  /** The roles of one owner (a group, or the instance for null), oldest first. */
  list(namespaceId: number | null): Promise<MemberRole[]>
  count(namespaceId: number | null): Promise<number>
  find(id: number): Promise<MemberRole | undefined>
  findByIds(ids: readonly number[]): Promise<MemberRole[]>
  insert(role: NewMemberRole): Promise<MemberRole>
  update(id: number, changes: MemberRoleChanges): Promise<MemberRole>
  /** Whether any membership holds the role. */
  assigned(id: number): Promise<boolean>
  /** Deletes a role; a membership holding it makes the foreign key refuse (ForeignKeyViolation). */
  delete(id: number): Promise<void>
}

/** The group SAML identities behind one group's SAML provider. */
export interface SamlIdentityStore {
  /** The group's SAML provider, if it has one. */
  providerOf(groupId: number): Promise<number | undefined>
  list(
    samlProviderId: number,
    window: PageWindow,
  ): Promise<{ identities: SamlIdentity[]; total: number }>
  /** The identity with this external uid (unique case-insensitively per provider). */
  find(samlProviderId: number, externUid: string): Promise<SamlIdentity | undefined>
  /** Changes the external uid; another identity holding it is a UniqueViolation('identity'). */
  updateExternUid(id: number, externUid: string): Promise<void>
  delete(id: number): Promise<void>
}

export interface NewToken {
  userId: number
  name: string
  description: string | null
  digest: string
  scopes: string[]
  expiresAt: string | null
}

/** Personal access tokens, kept as digests. */
export interface TokenStore {
  findById(id: number): Promise<PersonalAccessToken | undefined>
  findByDigest(digest: string): Promise<PersonalAccessToken | undefined>
  insert(token: NewToken): Promise<PersonalAccessToken>
  /** Inserts unless a token with the same digest exists; true when inserted. */
  insertIfAbsent(token: NewToken): Promise<boolean>
  revoke(id: number): Promise<void>
  /** Records a use; skipped by the caller when the last one is recent. */
  touch(id: number, at: Date): Promise<void>
}

/** Activity events waiting for the queue; write them in the change's transaction. */
export interface EventOutbox {
  /** Records a member's joined/left event; a second record with the same key is ignored. */
  addMemberActivity(activity: MemberActivity): Promise<void>
}

/** Everything the domain reaches data through. */
export interface Stores {
  users: UserStore
  namespaces: NamespaceStore
  members: MemberStore
  memberRoles: MemberRoleStore
  samlIdentities: SamlIdentityStore
  tokens: TokenStore
  outbox: EventOutbox
  /** Runs fn in one transaction (or in the current one when already inside). */
  transaction<T>(fn: (stores: Stores) => Promise<T>): Promise<T>
  /** Serialises writers of one kind until the transaction ends (call inside a transaction). */
  lock(key: string): Promise<void>
  /** Moves a table's id sequence past the ids written explicitly (the seed's). */
  advanceIdSequence(table: 'users' | 'namespaces'): Promise<void>
}
