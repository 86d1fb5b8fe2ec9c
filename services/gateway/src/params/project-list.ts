import type { Caller, ListProjectsRequest, PageRequest } from '@suite/proto'
import { HttpError } from '../errors/http-error.js'
import { p } from './coercions.js'
import { MESSAGES } from './param.js'
import type { ParamValues } from './parse-params.js'
import { VISIBILITIES } from './project-settings.js'

/** Gitlab::Access.all_values */
const ACCESS_LEVELS = [5, 10, 15, 20, 30, 40, 50]
const ORDER_BY = [
  'id',
  'name',
  'path',
  'created_at',
  'updated_at',
  'star_count',
  'last_activity_at',
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
  min_access_level: p.int().values(ACCESS_LEVELS),
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
}

export type ListValues = ParamValues<typeof listParams>

export function listRequest(
  caller: Caller,
  page: PageRequest,
  params: ListValues,
  userNamespaceOwnerId?: number,
): ListProjectsRequest {
  return {
    caller,
    page,
    archived: params.archived,
    idAfter: params.id_after,
    idBefore: params.id_before,
    lastActivityAfter: toDate(params.last_activity_after),
    lastActivityBefore: toDate(params.last_activity_before),
    membership: params.membership,
    minAccessLevel: params.min_access_level,
    orderBy: params.order_by,
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
    userNamespaceOwnerId,
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
