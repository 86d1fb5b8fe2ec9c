import type { Caller } from './caller.js'
import type { Memberships } from './project-grant.js'

export const ORDER_BY = [
  'id',
  'name',
  'path',
  'created_at',
  'updated_at',
  'star_count',
  'last_activity_at',
  'similarity',
] as const
export type ProjectOrder = (typeof ORDER_BY)[number]

/** GitLab's cap on counting a project list (X-Total beyond it is this number). */
export const COUNT_LIMIT = 50_000

/** The filters of GET /projects, /users/:user_id/projects and /groups/:id/projects. */
export interface ProjectFilter {
  archived?: boolean | undefined
  idAfter?: number | undefined
  idBefore?: number | undefined
  lastActivityAfter?: Date | undefined
  lastActivityBefore?: Date | undefined
  updatedAfter?: Date | undefined
  updatedBefore?: Date | undefined
  membership: boolean
  minAccessLevel?: number | undefined
  owned: boolean
  /** Terms, each to be found (case-insensitive) in path, name or description. */
  searchTerms: string[]
  /** The whole search text, what order_by=similarity ranks against. */
  search?: string | undefined
  searchNamespaces: boolean
  starred: boolean
  /** Topic names, every one must be on the project. */
  topics: string[]
  topicId?: number | undefined
  visibilityLevel?: number | undefined
  withIssuesEnabled: boolean
  withMergeRequestsEnabled: boolean
  active?: boolean | undefined
  /** Only the personal projects of this user. */
  userNamespaceOwnerId?: number | undefined
  /** Only the projects this user starred (GET /users/:user_id/starred_projects). */
  starredByUserId?: number | undefined
  /** Only the direct forks of this project (GET /projects/:id/forks). */
  forkedFromProjectId?: number | undefined
  /** Only the projects of this group (GET /groups/:id/projects)... */
  groupId?: number | undefined
  /** ...and, when set, of the groups below it. */
  includeSubgroups?: boolean | undefined
  orderBy: ProjectOrder
  sort: 'asc' | 'desc'
}

/** Who lists, and what they hold: decides which rows are visible and which they are a member of. */
export interface Viewer {
  caller: Caller
  memberships: Memberships
}

/** A page: offset (with a count) or keyset after a cursor id. */
export type PageQuery =
  { kind: 'offset'; page: number; perPage: number } | { kind: 'keyset'; perPage: number }

/** Search terms as GitLab splits them: on spaces (a `+` in a query string is a space). */
export function searchTerms(search: string | undefined): string[] {
  if (search === undefined) return []
  return search
    .split(/[\s+]+/)
    .map((term) => term.trim())
    .filter((term) => term !== '')
}

/** `topic=a,b`: names, trimmed, blanks dropped, each once. */
export function topicNames(topic: readonly string[]): string[] {
  return [...new Set(topic.map((name) => name.trim()).filter((name) => name !== ''))]
}
