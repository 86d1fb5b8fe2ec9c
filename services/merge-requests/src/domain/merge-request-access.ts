/**
 * Finding a merge request for the caller and presenting requests: shared by
 * the merge request, collaboration and diff services.
 */
import { NotFoundError } from '@suite/runtime'
import { isSubscribed } from './subscribable.js'
import type { Caller } from './caller.js'
import type { MergeRequestsDeps } from './ports.js'
import type { MergeRequest, MergeRequestKey } from './merge-request.js'
import { callerCanMerge } from './merge-permission.js'
import { mergeRequestView, type RequestContext } from './merge-request-context.js'
import type { MergeRequestView } from './merge-request-view.js'
import { grantsIn, requireProjectGrants, requireReadMergeRequest } from './policy.js'
import type { Project } from './project.js'

/**
 * The merge request `iid` of the project, whatever the caller may do with
 * it: the caller's abilities must be those of this project (403 otherwise,
 * 404 Project when it may not read the project); an unknown request is 404
 * Merge Request Not Found.
 */
export async function findMergeRequestIn(
  deps: Pick<MergeRequestsDeps, 'stores'>,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<MergeRequest> {
  requireProjectGrants(caller, key.projectId)
  const mergeRequest = await deps.stores.mergeRequests.findByIid(key.projectId, key.iid)
  if (!mergeRequest) throw new NotFoundError('Merge Request')
  return mergeRequest
}

/**
 * The merge request when the caller may read it, as GitLab's
 * find_merge_request_with_access: 404 for an unknown request, then 403
 * without read_merge_request.
 */
export async function requireMergeRequest(
  deps: Pick<MergeRequestsDeps, 'stores'>,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<MergeRequest> {
  const mergeRequest = await findMergeRequestIn(deps, caller, key)
  requireReadMergeRequest(caller, key.projectId)
  return mergeRequest
}

/**
 * The merge request when the caller may read it, as GitLab's
 * find_project_merge_request (a finder that only sees readable requests):
 * 404 Merge Request Not Found for an unknown or an unreadable one.
 */
export async function requireVisibleMergeRequest(
  deps: Pick<MergeRequestsDeps, 'stores'>,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<MergeRequest> {
  const mergeRequest = await findMergeRequestIn(deps, caller, key)
  if (!grantsIn(caller, key.projectId)?.readMergeRequest) throw new NotFoundError('Merge Request')
  return mergeRequest
}

export interface PresentOptions {
  /**
   * The caller, for caller-dependent fields: subscribed and, on
   * single-request answers, caller_can_merge.
   */
  caller?: Caller | undefined
  /** Single-request answers also carry subscribed, changes_count and caller_can_merge. */
  single: boolean
  /** The requests' projects, when the caller already loaded them. */
  projects?: ReadonlyMap<number, Project> | undefined
}

/** The projects of the requests (merge method, squash option, approvals), in one call. */
async function loadProjects(
  deps: MergeRequestsDeps,
  mergeRequests: readonly MergeRequest[],
): Promise<Map<number, Project>> {
  const ids = [...new Set(mergeRequests.map((mergeRequest) => mergeRequest.targetProjectId))]
  if (ids.length === 0) return new Map()
  const projects = await deps.ports.projects.findProjects(ids)
  return new Map(projects.map((project) => [project.id, project]))
}

/**
 * The statuses of the diff head pipelines of the requests whose project
 * lets them merge only after a successful pipeline (detailed_merge_status's
 * CI check), by request id, in one call.
 */
async function loadHeadPipelineStatuses(
  deps: MergeRequestsDeps,
  mergeRequests: readonly MergeRequest[],
  projects: ReadonlyMap<number, Project>,
  heads: ReadonlyMap<number, string | undefined>,
): Promise<Map<number, string>> {
  const needed = mergeRequests.filter(
    (mergeRequest) =>
      mergeRequest.headPipelineId !== null &&
      projects.get(mergeRequest.targetProjectId)?.flags['only_allow_merge_if_pipeline_succeeds'],
  )
  const ids = needed.flatMap((mergeRequest) => mergeRequest.headPipelineId ?? [])
  if (ids.length === 0) return new Map()
  const pipelines = await deps.ports.pipelines.findMany(ids)
  const statuses = new Map<number, string>()
  for (const mergeRequest of needed) {
    const pipeline = pipelines.get(mergeRequest.headPipelineId ?? 0)
    // MergeRequest#diff_head_pipeline: the head pipeline counts only for the diff head.
    if (pipeline && pipeline.sha === heads.get(mergeRequest.id)) {
      statuses.set(mergeRequest.id, pipeline.status)
    }
  }
  return statuses
}

/** GitLab's subscribed?: an explicit choice, else participation (author, assignee, reviewer). */
async function subscribed(
  deps: MergeRequestsDeps,
  mergeRequest: MergeRequest,
  context: RequestContext,
  userId: number | undefined,
): Promise<boolean> {
  if (userId === undefined) return false
  const choice = await deps.stores.subscriptions.find(
    { type: 'MergeRequest', id: mergeRequest.id },
    userId,
  )
  return isSubscribed(choice, {
    participant:
      mergeRequest.authorId === userId ||
      context.assigneeIds.includes(userId) ||
      context.reviewerIds.includes(userId),
  })
}

/**
 * The views of requests, in their order, with labels, people, milestone,
 * diff refs and time stats loaded in one statement for the whole page. Readability is
 * checked before (requireMergeRequest, the lists' predicates).
 */
export async function presentMergeRequests(
  deps: MergeRequestsDeps,
  mergeRequests: readonly MergeRequest[],
  options: PresentOptions,
): Promise<MergeRequestView[]> {
  const ids = mergeRequests.map((mergeRequest) => mergeRequest.id)
  const [presented, projects] = await Promise.all([
    deps.stores.presentation.loadFor(ids),
    options.projects ?? loadProjects(deps, mergeRequests),
  ])
  const now = new Date()
  const heads = new Map(
    mergeRequests.map((mergeRequest) => [
      mergeRequest.id,
      presented.get(mergeRequest.id)?.diff?.headCommitSha,
    ]),
  )
  const headPipelineStatuses = await loadHeadPipelineStatuses(deps, mergeRequests, projects, heads)
  return Promise.all(
    mergeRequests.map(async (mergeRequest) => {
      const found = presented.get(mergeRequest.id)
      const context: RequestContext = {
        labels: found?.labels ?? [],
        assigneeIds: found?.assigneeIds ?? [],
        reviewerIds: found?.reviewerIds ?? [],
        milestone: found?.milestone,
        diff: found?.diff,
        blocked: found?.blocked ?? false,
        unresolvedNotes: found?.unresolvedNotes ?? false,
        approvals: found?.approvals ?? 0,
        project: projects.get(mergeRequest.targetProjectId),
        now,
        headPipelineStatus: headPipelineStatuses.get(mergeRequest.id),
      }
      const view = mergeRequestView(mergeRequest, context)
      if (!options.single) return view
      return {
        ...view,
        subscribed: await subscribed(deps, mergeRequest, context, options.caller?.userId),
        callerCanMerge: await callerCanMerge(deps, options.caller, mergeRequest),
        // diff_size: the version's real_size ("1000+" when the limits cut it).
        changesCount: context.diff
          ? (context.diff.realSize ?? `${context.diff.filesCount}`)
          : undefined,
      }
    }),
  )
}
