import type { PageRequest } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { MergeRequestsDeps } from './ports.js'
import type { ListedProjects, ListOrder, MergeRequestListQuery } from './list-conditions.js'
import type { ListFilter } from './list-filter.js'
import { resolveConditions, usernameLookup } from './list-resolution.js'
import { presentMergeRequests } from './merge-request-access.js'
import type { MergeRequestView } from './merge-request-view.js'
import { canRecheckMergeStatus, requireReadMergeRequest } from './policy.js'
import { queueAfterCommit } from './queue-after-commit.js'

/** Which list: GET /merge_requests, /projects/:id/merge_requests or /groups/:id/merge_requests. */
export type ListScope = 'global' | 'project' | 'group' | 'unspecified'

/** A merge request list as the caller asks for it. */
export interface ListMergeRequestsInput {
  caller: Caller | undefined
  listScope: ListScope
  projectId: number
  groupId: number
  /** created_by_me, assigned_to_me, reviews_for_me, all; '' for the list's default. */
  scope: string
  /** opened, closed, merged, locked, all; '' for all. */
  state: string
  filter: ListFilter | undefined
  /** The `not[...]` exclusions. */
  not: ListFilter | undefined
  orderBy: string
  ascending: boolean
  page: PageRequest | undefined
  withMergeStatusRecheck: boolean
  nonArchived: boolean
}

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
  input: ListMergeRequestsInput,
): Promise<ListedProjects> {
  if (input.listScope === 'project') {
    requireReadMergeRequest(input.caller, input.projectId)
    return { kind: 'project', projectId: input.projectId }
  }
  const group = input.listScope === 'group'
  return {
    kind: 'readable',
    scope: await deps.ports.projects.readMergeRequestScope(input.caller),
    groupId: group ? input.groupId : undefined,
    nonArchived: group && input.nonArchived,
  }
}

/**
 * The scope parameter: the instance list defaults to created_by_me, project
 * and group lists to all. A personal scope without a signed-in caller lists nothing.
 */
function scopeOf(
  input: ListMergeRequestsInput,
): MergeRequestListQuery['scope'] | 'nothing' | undefined {
  const fallback = input.listScope === 'global' ? 'created_by_me' : 'all'
  const scope = (input.scope || fallback).replace(/-/g, '_')
  if (scope === 'all' || !(scope in SCOPE_ROLES)) return undefined
  const userId = input.caller?.userId
  if (userId === undefined) return 'nothing'
  return { role: SCOPE_ROLES[scope as keyof typeof SCOPE_ROLES], userId }
}

/** GET /merge_requests, /projects/:id/merge_requests, /groups/:id/merge_requests. */
export async function listMergeRequests(
  deps: MergeRequestsDeps,
  input: ListMergeRequestsInput,
): Promise<{ mergeRequests: MergeRequestView[]; total: number; totalUnknown: boolean }> {
  const scope = scopeOf(input)
  if (scope === 'nothing') return { mergeRequests: [], total: 0, totalUnknown: false }
  const lookup = usernameLookup(deps, input.caller)
  const [projects, include, exclude] = await Promise.all([
    listedProjects(deps, input),
    resolveConditions(input.filter, lookup),
    resolveConditions(input.not, lookup),
  ])
  const perPage = Math.min(Math.max(input.page?.perPage || 20, 1), 100)
  const page = Math.max(input.page?.page || 1, 1)
  const orderBy = ORDERS.find((order) => order === input.orderBy) ?? 'created_at'
  const state = input.state && input.state !== 'all' ? input.state : undefined
  const { rows, total, totalUnknown } = await deps.stores.mergeRequests.list({
    projects,
    state,
    scope,
    include,
    exclude,
    callerId: input.caller?.userId,
    orderBy,
    ascending: input.ascending,
    limit: perPage,
    offset: (page - 1) * perPage,
  })
  if (
    input.withMergeStatusRecheck &&
    canRecheckMergeStatus(
      input.caller,
      projects.kind === 'project' ? projects.projectId : undefined,
      deps.settings.restrictMergeStatusRecheck,
    )
  ) {
    const opened = rows.filter((row) => row.state === 'opened').map((row) => row.id)
    await queueAfterCommit(deps, 'status', opened)
  }
  if (projects.kind === 'project') {
    const mergeRequests = await presentMergeRequests(deps, rows, {
      single: false,
      caller: input.caller,
    })
    return { mergeRequests, total, totalUnknown }
  }
  // The read model can trail a change (a project just made private, while
  // its facts wait in the projects outbox): the page's projects come with the
  // caller's abilities as the projects service decides them now, and a
  // request the caller may no longer read is left out.
  const ids = [...new Set(rows.map((row) => row.targetProjectId))]
  const fresh = ids.length === 0 ? [] : await deps.ports.projects.findProjects(ids, input.caller)
  const readable = new Map(
    fresh.filter((project) => project.callerReadsMergeRequests).map((p) => [p.id, p]),
  )
  const kept = rows.filter((row) => readable.has(row.targetProjectId))
  const mergeRequests = await presentMergeRequests(deps, kept, {
    single: false,
    caller: input.caller,
    projects: readable,
  })
  return { mergeRequests, total: total - (rows.length - kept.length), totalUnknown }
}
