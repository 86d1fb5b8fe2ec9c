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
