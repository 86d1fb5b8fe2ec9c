import type { ColumnType, Generated } from 'kysely'

/** A column the database fills on insert (default) that may be set later. */
type Defaulted<T> = ColumnType<T, T | undefined, T>
/** A nullable column, null unless given. */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>
/** int8[] arrives from pg as strings; it is written as numbers. */
export type IdArray = ColumnType<(string | number)[], number[], number[]>

export interface UsersTable {
  id: Generated<number>
  username: string
  email: string
  name: string
  encrypted_password: string
  state: Defaulted<string>
  admin: Defaulted<boolean>
  external: Defaulted<boolean>
  bot: Defaulted<boolean>
  can_create_group: Defaulted<boolean>
  projects_limit: Defaulted<number>
  private_profile: Defaulted<boolean>
  locked_at: Nullable<Date>
  bio: Defaulted<string>
  location: Defaulted<string>
  public_email: Defaulted<string>
  website_url: Defaulted<string>
  organization: Defaulted<string>
  job_title: Defaulted<string>
  pronouns: Nullable<string>
  skype: Defaulted<string>
  linkedin: Defaulted<string>
  twitter: Defaulted<string>
  discord: Defaulted<string>
  note: Defaulted<string>
  commit_email: Defaulted<string>
  theme_id: Defaulted<number>
  color_scheme_id: Defaulted<number>
  created_by_id: Nullable<number>
  confirmed_at: Nullable<Date>
  last_sign_in_at: Nullable<Date>
  current_sign_in_at: Nullable<Date>
  /** date, as 'YYYY-MM-DD' */
  last_activity_on: Nullable<string>
  created_at: Defaulted<Date>
  updated_at: Defaulted<Date>
  /** The uploaded avatar's file name (its bytes are in user_avatars). */
  avatar_filename: Nullable<string>
}

/** Users the system keeps for itself: GitLab's Ghost user. */
export interface InternalUsersTable {
  kind: string
  user_id: number
}

/** Users whose deletion was asked and is not finished. */
export interface UserDeletionsTable {
  user_id: number
  hard_delete: boolean
  deleted_by_id: Nullable<number>
  created_at: Defaulted<Date>
}

export interface NamespacesTable {
  id: Generated<number>
  /** 'User' or 'Group', as GitLab's STI column */
  type: string
  name: string
  path: string
  /** The route: 'parent/child', unique case-insensitively across all namespaces. */
  full_path: string
  /** 'Parent / Child' */
  full_name: string
  owner_id: Nullable<number>
  parent_id: Nullable<number>
  traversal_ids: IdArray
  visibility_level: number
  description: Defaulted<string>
  share_with_group_lock: Defaulted<boolean>
  require_two_factor_authentication: Defaulted<boolean>
  two_factor_grace_period: Defaulted<number>
  project_creation_level: Defaulted<string>
  subgroup_creation_level: Defaulted<string>
  lfs_enabled: Defaulted<boolean>
  request_access_enabled: Defaulted<boolean>
  emails_enabled: Defaulted<boolean>
  mentions_disabled: Defaulted<boolean>
  default_branch: Nullable<string>
  default_branch_protection: Defaulted<number>
  /** Set when the group (or one above it) is deleted: hidden from every read until purged. */
  pending_delete: Defaulted<boolean>
  auto_devops_enabled: Nullable<boolean>
  created_at: Defaulted<Date>
  updated_at: Defaulted<Date>
}

export interface SamlProvidersTable {
  id: Generated<number>
  group_id: number
  enabled: Defaulted<boolean>
  created_at: Defaulted<Date>
}

export interface IdentitiesTable {
  id: Generated<number>
  user_id: number
  provider: string
  extern_uid: string
  saml_provider_id: Nullable<number>
  created_at: Defaulted<Date>
  updated_at: Defaulted<Date>
}

export interface MembersTable {
  id: Generated<number>
  /** 'Namespace' (a group) or 'Project' */
  source_type: string
  source_id: number
  user_id: number
  access_level: number
  /** date, as 'YYYY-MM-DD' */
  expires_at: Nullable<string>
  created_by_id: Nullable<number>
  member_role_id: Nullable<number>
  /** The group itself, or the namespace a project lives in. */
  member_namespace_id: Nullable<number>
  created_at: Defaulted<Date>
  updated_at: Defaulted<Date>
}

export interface MemberRolesTable {
  id: Generated<number>
  name: string
  description: Nullable<string>
  /** The top-level group owning the role; null for an instance role. */
  namespace_id: Nullable<number>
  base_access_level: number
  /** gitlab.common.v1.MemberPermission values switched on. */
  permissions: ColumnType<number[], number[] | undefined, number[]>
  created_at: Defaulted<Date>
  updated_at: Defaulted<Date>
}

export interface PersonalAccessTokensTable {
  id: Generated<number>
  user_id: number
  name: string
  description: Nullable<string>
  /** SHA-256 of the secret, hex. The secret itself is never stored. */
  token_digest: string
  scopes: ColumnType<string[], string[], string[]>
  revoked: Defaulted<boolean>
  /** date, as 'YYYY-MM-DD' */
  expires_at: Nullable<string>
  last_used_at: Nullable<Date>
  created_at: Defaulted<Date>
  updated_at: Defaulted<Date>
  /** Made by an admin for the user (POST /users/:user_id/impersonation_tokens). */
  impersonation: Defaulted<boolean>
}

export interface UserStatusesTable {
  user_id: number
  emoji: string
  message: Nullable<string>
  /** not_set or busy */
  availability: string
  clear_status_at: Nullable<Date>
  updated_at: Defaulted<Date>
}

export interface EventOutboxTable {
  id: Generated<number>
  /** EventRecord.toJSON of the event to queue on `projects.events`. */
  payload: ColumnType<unknown, string, string>
  idempotency_key: string
  created_at: Defaulted<Date>
  attempts: Defaulted<number>
}

/** GitLab's group_group_links: shared_group shared with shared_with_group. */
export interface GroupGroupLinksTable {
  id: Generated<number>
  shared_group_id: number
  shared_with_group_id: number
  group_access: number
  /** date, as 'YYYY-MM-DD' */
  expires_at: Nullable<string>
  created_at: Defaulted<Date>
}

/** An uploaded user avatar. */
export interface UserAvatarsTable {
  user_id: number
  filename: string
  content_type: string
  content: Buffer
  updated_at: Defaulted<Date>
}

export interface Database {
  users: UsersTable
  user_avatars: UserAvatarsTable
  namespaces: NamespacesTable
  saml_providers: SamlProvidersTable
  identities: IdentitiesTable
  internal_users: InternalUsersTable
  user_deletions: UserDeletionsTable
  members: MembersTable
  group_group_links: GroupGroupLinksTable
  member_roles: MemberRolesTable
  personal_access_tokens: PersonalAccessTokensTable
  user_statuses: UserStatusesTable
  event_outbox: EventOutboxTable
}
