/**
 * The parts of GitLab's JSON entities the tests read by name. Every other field
 * is still there (index signature) for assertions on the whole body.
 */
export interface UserJson {
  id: number
  username: string
  name: string
  state: string
  web_url: string
  email?: string
  is_admin?: boolean
  identities?: { provider: string; extern_uid: string }[]
  [field: string]: unknown
}

export interface GroupJson {
  id: number
  name: string
  path: string
  full_path: string
  full_name: string
  parent_id: number | null
  visibility: string
  web_url: string
  [field: string]: unknown
}

export interface MemberJson {
  id: number
  username: string
  access_level: number
  [field: string]: unknown
}

export interface TokenJson {
  id: number
  name: string
  scopes: string[]
  user_id: number
  active: boolean
  revoked: boolean
  token?: string
  [field: string]: unknown
}

export interface ErrorJson {
  message?: unknown
  error?: unknown
  [field: string]: unknown
}

/** GitLab's access levels. */
export const GUEST = 10
export const REPORTER = 20
export const DEVELOPER = 30
export const MAINTAINER = 40
export const OWNER = 50

export interface NamespaceJson {
  id: number
  name: string
  path: string
  kind: string
  full_path: string
  parent_id: number | null
  [field: string]: unknown
}

export interface AccessJson {
  access_level: number
  notification_level: number
}

export interface ProjectJson {
  id: number
  name: string
  path: string
  path_with_namespace: string
  name_with_namespace: string
  visibility: string
  default_branch: string | null
  empty_repo: boolean
  topics: string[]
  namespace: NamespaceJson
  web_url: string
  http_url_to_repo: string
  permissions?: { project_access: AccessJson | null; group_access: AccessJson | null }
  statistics?: Record<string, number>
  [field: string]: unknown
}

export interface CommitJson {
  id: string
  short_id: string
  title: string
  message: string
  parent_ids: string[]
  [field: string]: unknown
}

export interface BranchJson {
  name: string
  commit: CommitJson
  merged: boolean
  protected: boolean
  default: boolean
  [field: string]: unknown
}

export interface TagJson {
  name: string
  message: string | null
  target: string
  commit: CommitJson
  release: { tag_name: string; description: string } | null
  protected: boolean
  created_at: string | null
  [field: string]: unknown
}

export interface PushDataJson {
  commit_count: number
  action: string
  ref_type: string
  commit_from: string | null
  commit_to: string | null
  ref: string
  commit_title: string | null
  [field: string]: unknown
}

export interface EventJson {
  id: number
  project_id: number | null
  author_id: number
  action_name: string
  target_type: string | null
  created_at: string
  author_username: string
  push_data?: PushDataJson
  [field: string]: unknown
}
