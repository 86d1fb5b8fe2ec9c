import type { Caller, ListProjectsRequest, PageRequest } from '@suite/proto'
import { HttpError } from '../errors/http-error.js'
import { MEMBER_ACCESS_LEVELS } from './access-levels.js'
import { p } from './coercions.js'
import { MESSAGES } from './param.js'
import type { ParamValues } from './parse-params.js'
import { VISIBILITIES } from './project-settings.js'

/** Helpers::ProjectsHelpers::STATISTICS_SORT_PARAMS: administrators only. */
const STATISTICS_ORDER_BY = ['storage_size', 'repository_size', 'wiki_size', 'packages_size']
const ORDER_BY = [
  'id',
  'name',
  'path',
  'created_at',
  'updated_at',
  'star_count',
  'last_activity_at',
  'similarity',
  ...STATISTICS_ORDER_BY,
]

/** An ISO 8601 time (Grape DateTime); garbage is `<name> is invalid`. */
const dateTime = () => p.string().check((text) => !Number.isNaN(Date.parse(text)), MESSAGES.invalid)

function toDate(text: string | undefined): Date | undefined {
  return text === undefined ? undefined : new Date(text)
}

/** lib/api/projects.rb: the filters of GET /projects and GET /users/:user_id/projects. */
export const listParams = {
  archived: p.bool(),
  id_after: p.int(),
  id_before: p.int(),
  last_activity_after: dateTime(),
  last_activity_before: dateTime(),
  membership: p.bool().default(false),
  min_access_level: p.int().values(MEMBER_ACCESS_LEVELS),
  order_by: p.string().values(ORDER_BY).default('created_at'),
  owned: p.bool().default(false),
  search: p.string(),
  search_namespaces: p.bool(),
  simple: p.bool().default(false),
  sort: p.string().values(['asc', 'desc']).default('desc'),
  starred: p.bool().default(false),
  statistics: p.bool().default(false),
  topic: p.array(p.string(), { commaSeparated: true }),
  topic_id: p.int(),
  updated_after: dateTime(),
  updated_before: dateTime(),
  visibility: p.string().values(VISIBILITIES),
  with_custom_attributes: p.bool().default(false),
  with_issues_enabled: p.bool().default(false),
  with_merge_requests_enabled: p.bool().default(false),
  with_programming_language: p.string(),
  imported: p.bool().default(false),
  active: p.bool(),
  pagination: p.string().values(['offset', 'keyset']),
  custom_attributes: p.hash(p.string()),
  repository_storage: p.string(),
  marked_for_deletion_on: p.date(),
  include_hidden: p.bool().default(false),
  include_pending_delete: p.bool().default(false),
}

export type ListValues = ParamValues<typeof listParams>

/**
 * lib/api/groups.rb GET /groups/:id/projects: the projects list's filters with
 * that endpoint's orders, with_shared (projects shared with the group through
 * project_group_links, which are not served: it adds none) and include_subgroups.
 */
export const groupProjectParams = {
  ...listParams,
  order_by: p
    .string()
    .values([
      'id',
      'name',
      'path',
      'created_at',
      'updated_at',
      'last_activity_at',
      'similarity',
      'star_count',
    ])
    .default('created_at'),
  with_shared: p.bool().default(true),
  include_subgroups: p.bool().default(false),
}

/** Whose projects a user's list shows: their personal ones, or those they starred. */
export interface ListScope {
  userNamespaceOwnerId?: number | undefined
  starredByUserId?: number | undefined
  /** GET /projects/:id/forks: the project's direct forks. */
  forkedFromProjectId?: number | undefined
  /** GET /groups/:id/projects: the group's projects (and its subgroups' with includeSubgroups). */
  groupId?: number | undefined
  includeSubgroups?: boolean | undefined
}

export function listRequest(
  caller: Caller,
  page: PageRequest,
  params: ListValues,
  scope: ListScope = {},
): ListProjectsRequest {
  return {
    caller,
    page,
    archived: params.archived,
    idAfter: params.id_after,
    idBefore: params.id_before,
    lastActivityAfter: toDate(params.last_activity_after),
    lastActivityBefore: toDate(params.last_activity_before),
    // support_order_by_similarity!: similarity lists only the caller's projects (non_public).
    membership: params.membership || effectiveOrder(params, caller) === 'similarity',
    minAccessLevel: params.min_access_level,
    orderBy: effectiveOrder(params, caller),
    sort: params.sort,
    owned: params.owned,
    search: params.search,
    searchNamespaces: params.search_namespaces ?? false,
    starred: params.starred,
    topics: params.topic ?? [],
    topicId: params.topic_id,
    updatedAfter: toDate(params.updated_after),
    updatedBefore: toDate(params.updated_before),
    visibility: params.visibility,
    withIssuesEnabled: params.with_issues_enabled,
    withMergeRequestsEnabled: params.with_merge_requests_enabled,
    active: params.active,
    userNamespaceOwnerId: scope.userNamespaceOwnerId,
    starredByUserId: scope.starredByUserId,
    forkedFromProjectId: scope.forkedFromProjectId,
    groupId: scope.groupId,
    includeSubgroups: scope.includeSubgroups ?? false,
    keyset: params.pagination === 'keyset',
  }
}

/**
 * Keyset pagination (`pagination=keyset`) is GitLab's for order_by=id only;
 * other orders answer 405 as Gitlab::Pagination::Keyset's unsupported case.
 */
export function checkKeyset(params: ListValues): void {
  if (params.pagination === 'keyset' && params.order_by !== 'id') {
    throw new HttpError(405, {
      error: 'Keyset pagination is not yet available for this type of request',
    })
  }
}

/** lib/api/projects.rb validate_updated_at_order_and_filter! */
export function checkUpdatedAtOrder(params: ListValues): void {
  const filtered = params.updated_after !== undefined || params.updated_before !== undefined
  if (filtered && params.order_by !== 'updated_at') {
    throw new HttpError(400, {
      message: '400 Bad request - `updated_at` filter and `updated_at` sorting must be paired',
    })
  }
}

/**
 * The order GitLab applies. lib/api/projects.rb support_order_by_similarity!:
 * similarity needs a search and a signed-in caller, else it is the default
 * (created_at). verify_statistics_order_by_projects!: the size orders are for
 * administrators, others get the default; administrators get it too here, as
 * repository sizes live with the repositories, not in the projects table.
 */
export function effectiveOrder(params: ListValues, caller: Caller): string {
  const order = params.order_by
  if (order === 'similarity') {
    const searching = params.search !== undefined && params.search.trim() !== ''
    return searching && caller.userId !== undefined ? order : 'created_at'
  }
  return STATISTICS_ORDER_BY.includes(order) ? 'created_at' : order
}

/**
 * Filters that match no project here: custom attributes (administrators only,
 * CustomAttributesFilter; no project has any), repository_storage other than
 * "default" (administrators only; every project is there) and
 * marked_for_deletion_on (nothing is marked). include_hidden and
 * include_pending_delete change nothing: no project is hidden or pending delete.
 */
export function matchesNothing(params: ListValues, admin: boolean): boolean {
  if (params.marked_for_deletion_on !== undefined) return true
  if (!admin) return false
  const attributes = params.custom_attributes ?? {}
  if (Object.keys(attributes).length > 0) return true
  return params.repository_storage !== undefined && params.repository_storage !== 'default'
}

/** Gitlab::Pagination::Keyset enforced types: offset pagination stops at this many projects. */
export const OFFSET_PAGINATION_LIMIT = 50_000

/** lib/api/helpers/pagination_strategies.rb offset_paginator: past the limit is a 405. */
export function checkOffsetLimit(params: ListValues, page: PageRequest): void {
  if (params.pagination === 'keyset') return
  if (page.page * page.perPage > OFFSET_PAGINATION_LIMIT) {
    throw new HttpError(405, {
      error:
        `Offset pagination has a maximum allowed offset of ${OFFSET_PAGINATION_LIMIT} ` +
        'for requests that return objects of type Project. ' +
        'Remaining records can be retrieved using keyset pagination.',
    })
  }
}
