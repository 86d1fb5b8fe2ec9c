import type { StoredAvatar, VisibilityName } from '@suite/runtime'
import type { MemberPermission } from '@suite/proto'
import type { HeldMembership } from './access-level.js'
import type { GroupQuery } from './group-query.js'
import type { Member } from './member.js'
import type { MemberActivity } from './member-activity.js'
import type { MemberFilter, MembershipScope } from './member-query.js'
import type { MemberRole } from './member-role.js'
import type { GroupLink } from './group-link.js'
import type { Group, Namespace, NamespaceRef } from './namespace.js'
import type { SamlIdentity } from './saml-identity.js'
import type { PersonalAccessToken } from './token.js'
import type { Identity, User, UserProfile } from './user.js'
import type { UserQuery } from './user-query.js'
import type { UserStatus } from './user-status.js'
import type { BlockAnnouncement } from './user-state-transitions.js'

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
  /** Stores the user's avatar and its file name on the user. */
  setAvatar(id: number, avatar: StoredAvatar): Promise<void>
  /** The user's avatar image, if it has one. */
  avatar(id: number): Promise<StoredAvatar | undefined>
  /** The user with this username, in any case. */
  findByUsername(username: string): Promise<User | undefined>
  /** The password digest of the user a username or email (any case) names. */
  findPasswordByLogin(login: string): Promise<{ id: number; encryptedPassword: string } | undefined>
  /**
   * Moves the user from one state to another; false when it is no longer in
   * `from`. With `blocked`, its UserBlocked message is written in the same
   * transaction.
   */
  moveState(id: number, from: string, to: string, blocked?: BlockAnnouncement): Promise<boolean>
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
  /** Writes a group's own columns; a route or sibling name held elsewhere is a UniqueViolation. */
  updateGroup(group: Group): Promise<void>
  /** Moves every namespace below a group from the group's old route, name and ancestry to its new. */
  moveDescendants(
    groupId: number,
    from: Pick<Namespace, 'fullPath' | 'fullName' | 'traversalIds'>,
    to: Pick<Namespace, 'fullPath' | 'fullName' | 'traversalIds'>,
  ): Promise<void>
  /** A group and every namespace below it, parents first. */
  subtree(groupId: number): Promise<Namespace[]>
  /** The highest visibility level of a group's direct subgroups; undefined with none. */
  maxSubgroupVisibility(groupId: number): Promise<number | undefined>
  /** Lowers every namespace below a group (not itself) that is above `level` to it. */
  capDescendantsVisibility(groupId: number, level: number): Promise<void>
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
/** One direct membership of a user as an admin lists it (GET /users/:id/memberships). */
export interface MembershipOfUser {
  sourceType: 'Namespace' | 'Project'
  sourceId: number
  accessLevel: number
  /** The group's name; null for a project. */
  groupName: string | null
}

export interface MemberStore {
  /** A user's direct memberships, oldest first, with each group's name. */
  listOfUser(
    userId: number,
    sourceType: 'Namespace' | 'Project' | undefined,
    window: PageWindow,
  ): Promise<{ memberships: MembershipOfUser[]; total: number }>
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
  impersonation: boolean
}

/** GitLab's `state` filter of impersonation tokens; undefined: all. */
export type TokenStateFilter = 'active' | 'inactive' | undefined

/** Personal access tokens, kept as digests. */
export interface TokenStore {
  findById(id: number): Promise<PersonalAccessToken | undefined>
  findByDigest(digest: string): Promise<PersonalAccessToken | undefined>
  insert(token: NewToken): Promise<PersonalAccessToken>
  /** Inserts unless a token with the same digest exists; true when inserted. */
  insertIfAbsent(token: NewToken): Promise<boolean>
  revoke(id: number): Promise<void>
  /** A user's impersonation tokens, oldest first; active: neither revoked nor expired on `today`. */
  listImpersonation(
    userId: number,
    state: TokenStateFilter,
    today: string,
    window: PageWindow,
  ): Promise<{ tokens: PersonalAccessToken[]; total: number }>
  /** Records a use; skipped by the caller when the last one is recent. */
  touch(id: number, at: Date): Promise<void>
}

/** Activity events waiting for the queue; write them in the change's transaction. */
export interface EventOutbox {
  /** Records a member's joined/left event; a second record with the same key is ignored. */
  addMemberActivity(activity: MemberActivity): Promise<void>
}

/** Users' statuses, one per user. */
export interface UserStatusStore {
  /** The user's status, unless its clear_status_at has come by `now`. */
  find(userId: number, now: Date): Promise<UserStatus | undefined>
  save(status: UserStatus): Promise<void>
  remove(userId: number): Promise<void>
}

/** Everything the domain reaches data through. */
/** Group-to-group links (group_group_links). */
export interface GroupLinkStore {
  /** Links a shared group to an invited one; an existing pair is a UniqueViolation('group_link'). */
  insert(link: GroupLink): Promise<void>
  /** Removes a link; false when there was none. */
  delete(sharedGroupId: number, sharedWithGroupId: number): Promise<boolean>
  /** The links of a shared group with their invited groups, by the invited group's name. */
  listForSharedGroup(sharedGroupId: number): Promise<(GroupLink & { sharedWithGroup: Group })[]>
  /**
   * What unexpired links grant a user through its unexpired memberships of the
   * invited groups (or of the groups above them): one grant per shared group,
   * the highest, each at most the link's group_access. Only shared groups among
   * `sharedGroupIds` when given.
   */
  grantsOf(userId: number, sharedGroupIds?: readonly number[]): Promise<HeldMembership[]>
}

export interface Stores {
  users: UserStore
  namespaces: NamespaceStore
  members: MemberStore
  groupLinks: GroupLinkStore
  memberRoles: MemberRoleStore
  samlIdentities: SamlIdentityStore
  tokens: TokenStore
  userStatuses: UserStatusStore
  outbox: EventOutbox
  /** Runs fn in one transaction (or in the current one when already inside). */
  transaction<T>(fn: (stores: Stores) => Promise<T>): Promise<T>
  /** Serialises writers of one kind until the transaction ends (call inside a transaction). */
  lock(key: string): Promise<void>
  /** Moves a table's id sequence past the ids written explicitly (the seed's). */
  advanceIdSequence(table: 'users' | 'namespaces'): Promise<void>
}

/** A namespace as the projects service keeps it on its projects' rows. */
export type NamespacePlace = Pick<
  Namespace,
  'id' | 'fullPath' | 'fullName' | 'parentId' | 'traversalIds' | 'visibilityLevel'
>

/** What identity needs of the projects service (clients/projects.ts). */
export interface ProjectsPort {
  /** The highest visibility level of the projects directly in a namespace; undefined with none. */
  maxProjectVisibility(namespaceId: number): Promise<number | undefined>
  /** Whether a project directly in a namespace holds a path (any case). */
  projectPathTaken(namespaceId: number, path: string): Promise<boolean>
  /** Hands the namespaces' new routes, names and places to the projects in them. */
  syncNamespaces(namespaces: readonly NamespacePlace[]): Promise<void>
  /** The instance's default_projects_limit (ApplicationSetting, kept by projects). */
  defaultProjectsLimit(): Promise<number>
  /** The instance's group visibility settings (ApplicationSetting, kept by projects). */
  groupVisibilitySettings(): Promise<GroupVisibilitySettings>
}

/** default_group_visibility and restricted_visibility_levels, by GitLab's level names. */
export interface GroupVisibilitySettings {
  defaultGroupVisibility: VisibilityName
  restrictedVisibilityLevels: readonly string[]
}
