/** What ListUsers asks of the store, already filtered by what the caller may see. */
export interface UserQuery {
  /** Exact username, case-insensitive. */
  username?: string
  search?: UserSearch
  active?: boolean
  blocked?: boolean
  external?: boolean
  admins?: boolean
  /** Non-admins never see blocked or banned users (User.without_forbidden_states). */
  hideForbiddenStates: boolean
  excludeBots: boolean
  identity?: { provider: string; externUid: string }
  order: UserOrder
}

export interface UserSearch {
  term: string
  /** Admins match the email address; others only the public email. */
  matchPrivateEmail: boolean
}

export type UserOrderColumn = 'id' | 'name' | 'username' | 'created_at' | 'updated_at'

/** An explicit order, or GitLab's search order (exact matches first, then name). */
export type UserOrder =
  | { kind: 'column'; column: UserOrderColumn; direction: 'asc' | 'desc' }
  | { kind: 'relevance'; term: string }

/** GitLab's fuzzy search matches substrings from three characters on, else the exact value. */
export const MIN_CHARS_FOR_PARTIAL_MATCHING = 3
