import { ListScope, type ListMergeRequestsRequest, type MergeRequest } from '@suite/proto'
import { findReadMergeRequestScope } from '../clients/ability-scope.js'
import type { MergeRequestsDeps } from './deps.js'
import { listMergeRequestRows } from '../store/merge-requests.store.js'
import type { ListedProjects, ListOrder, MergeRequestListQuery } from './list-conditions.js'
import { resolveConditions, usernameLookup } from './list-resolution.js'
import { presentMergeRequests } from './merge-request-access.js'
import { canRecheckMergeStatus, requireReadMergeRequest } from './policy.js'
import { queueAfterCommit } from './queue-after-commit.js'

const ORDERS: readonly ListOrder[] = ['created_at', 'updated_at', 'title', 'merged_at']
const SCOPE_ROLES = {
  created_by_me: 'author',
  assigned_to_me: 'assignee',
  reviews_for_me: 'reviewer',
} as const

/**
 * The projects a list looks in: the one project, when the caller has
 * read_merge_request there (authorize!, 403); else every project (of the
 * group, not archived when asked) whose access facts admit the caller's
 * read_merge_request scope, matched in SQL.
 */
async function listedProjects(
  deps: MergeRequestsDeps,
  request: ListMergeRequestsRequest,
): Promise<ListedProjects> {
  if (request.listScope === ListScope.LIST_SCOPE_PROJECT) {
    requireReadMergeRequest(request.caller, request.projectId)
    return { kind: 'project', projectId: request.projectId }
  }
  const group = request.listScope === ListScope.LIST_SCOPE_GROUP
  return {
    kind: 'readable',
    scope: await findReadMergeRequestScope(deps.ports, request.caller),
    groupId: group ? request.groupId : undefined,
    nonArchived: group && request.nonArchived,
  }
}

/**
 * The scope parameter: the instance list defaults to created_by_me, project
 * and group lists to all. A personal scope without a signed-in caller lists nothing.
 */
function scopeOf(
  request: ListMergeRequestsRequest,
): MergeRequestListQuery['scope'] | 'nothing' | undefined {
  const fallback = request.listScope === ListScope.LIST_SCOPE_GLOBAL ? 'created_by_me' : 'all'
  const scope = (request.scope || fallback).replace(/-/g, '_')
  if (scope === 'all' || !(scope in SCOPE_ROLES)) return undefined
  const userId = request.caller?.userId
  if (userId === undefined) return 'nothing'
  return { role: SCOPE_ROLES[scope as keyof typeof SCOPE_ROLES], userId }
}

/** GET /merge_requests, /projects/:id/merge_requests, /groups/:id/merge_requests. */
export async function listMergeRequests(
  deps: MergeRequestsDeps,
  request: ListMergeRequestsRequest,
): Promise<{ mergeRequests: MergeRequest[]; total: number }> {
  const scope = scopeOf(request)
  if (scope === 'nothing') return { mergeRequests: [], total: 0 }
  const lookup = usernameLookup(deps, request.caller)
  const [projects, include, exclude] = await Promise.all([
    listedProjects(deps, request),
    resolveConditions(request.filter, lookup),
    resolveConditions(request.not, lookup),
  ])
  const perPage = Math.min(Math.max(request.page?.perPage || 20, 1), 100)
  const page = Math.max(request.page?.page || 1, 1)
  const orderBy = ORDERS.find((order) => order === request.orderBy) ?? 'created_at'
  const state = request.state && request.state !== 'all' ? request.state : undefined
  const { rows, total } = await listMergeRequestRows(deps.db, {
    projects,
    state,
    scope,
    include,
    exclude,
    callerId: request.caller?.userId,
    orderBy,
    ascending: request.ascending,
    limit: perPage,
    offset: (page - 1) * perPage,
  })
  if (
    request.withMergeStatusRecheck &&
    canRecheckMergeStatus(
      request.caller,
      projects.kind === 'project' ? projects.projectId : undefined,
      deps.config.restrictMergeStatusRecheck,
    )
  ) {
    const opened = rows.filter((row) => row.state === 'opened').map((row) => row.id)
    await queueAfterCommit(deps, 'status', opened)
  }
  const mergeRequests = await presentMergeRequests(deps, rows, {
    single: false,
    caller: request.caller,
  })
  return { mergeRequests, total }
}
