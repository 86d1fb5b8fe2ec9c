/**
 * Finding a merge request and turning rows into messages: shared by the
 * merge request, collaboration and diff services.
 *
 * OWNER: the core merge-requests work (rpc/merge-request.rpc.ts). Others
 * import these two functions and must not change their signatures.
 */
import type { MergeRequest, Project } from '@suite/proto'
import { NotFoundError } from '@suite/runtime'
import type { Selectable } from 'kysely'
import type { MergeRequestsDeps } from './deps.js'
import { loadLabels } from '../store/labels.store.js'
import { findMergeRequestByIid } from '../store/merge-requests.store.js'
import { findMilestones } from '../store/milestones.store.js'
import { loadPeople } from '../store/people.store.js'
import {
  findSubscription,
  loadApprovalCounts,
  loadBlocked,
  loadDiffs,
} from '../store/presentation.store.js'
import type { MergeRequestsTable } from '../store/schema.js'
import { mergeRequestMessage, type RequestContext } from './merge-request-message.js'
import {
  canMergeMergeRequest,
  grantsIn,
  requireProjectGrants,
  requireReadMergeRequest,
  type Actor,
} from './policy.js'

export type MergeRequestRow = Selectable<MergeRequestsTable>

export interface MergeRequestKey {
  projectId: number
  iid: number
}

/**
 * The merge request `iid` of the project, whatever the caller may do with
 * it: the caller's abilities must be those of this project (403 otherwise,
 * 404 Project when it may not read the project); an unknown request is 404
 * Merge Request Not Found.
 */
export async function findMergeRequestIn(
  deps: MergeRequestsDeps,
  caller: Actor | undefined,
  key: MergeRequestKey,
): Promise<MergeRequestRow> {
  requireProjectGrants(caller, key.projectId)
  const row = await findMergeRequestByIid(deps.db, key.projectId, key.iid)
  if (!row) throw new NotFoundError('Merge Request')
  return row
}

/**
 * The merge request when the caller may read it, as GitLab's
 * find_merge_request_with_access: 404 for an unknown request, then 403
 * without read_merge_request.
 */
export async function requireMergeRequest(
  deps: MergeRequestsDeps,
  caller: Actor | undefined,
  key: MergeRequestKey,
): Promise<MergeRequestRow> {
  const row = await findMergeRequestIn(deps, caller, key)
  requireReadMergeRequest(caller, key.projectId)
  return row
}

/**
 * The merge request when the caller may read it, as GitLab's
 * find_project_merge_request (a finder that only sees readable requests):
 * 404 Merge Request Not Found for an unknown or an unreadable one.
 */
export async function requireVisibleMergeRequest(
  deps: MergeRequestsDeps,
  caller: Actor | undefined,
  key: MergeRequestKey,
): Promise<MergeRequestRow> {
  const row = await findMergeRequestIn(deps, caller, key)
  if (!grantsIn(caller, key.projectId)?.readMergeRequest) throw new NotFoundError('Merge Request')
  return row
}

export interface PresentOptions {
  /**
   * The caller, for caller-dependent fields: subscribed and, on
   * single-request answers, caller_can_merge.
   */
  caller?: Actor | undefined
  /** Single-request answers also carry subscribed, changes_count and caller_can_merge. */
  single: boolean
}

/** The projects of the rows (merge method, squash option, approvals), in one call. */
async function loadProjects(
  deps: MergeRequestsDeps,
  rows: readonly MergeRequestRow[],
): Promise<Map<number, Project>> {
  const ids = [...new Set(rows.map((row) => row.target_project_id))]
  if (ids.length === 0) return new Map()
  const { projects } = await deps.ports.projects.batchGetProjects({ ids })
  return new Map(projects.map((project) => [project.id, project]))
}

/** GitLab's subscribed?: an explicit choice, else participation (author, assignee, reviewer). */
async function subscribed(
  deps: MergeRequestsDeps,
  row: MergeRequestRow,
  context: RequestContext,
  userId: number | undefined,
): Promise<boolean> {
  if (userId === undefined) return false
  const choice = await findSubscription(deps.db, row.id, userId)
  if (choice !== undefined) return choice
  return (
    row.author_id === userId ||
    context.assigneeIds.includes(userId) ||
    context.reviewerIds.includes(userId)
  )
}

/**
 * Full MergeRequest messages for rows, in the rows' order, with labels,
 * people, milestone, diff refs and time stats loaded in one query per kind.
 * Readability is checked before (requireMergeRequest, the lists' predicates).
 */
export async function presentMergeRequests(
  deps: MergeRequestsDeps,
  rows: readonly MergeRequestRow[],
  options: PresentOptions,
): Promise<MergeRequest[]> {
  const ids = rows.map((row) => row.id)
  const diffIds = rows.flatMap((row) => (row.latest_diff_id === null ? [] : [row.latest_diff_id]))
  const milestoneIds = [
    ...new Set(rows.flatMap((row) => (row.milestone_id === null ? [] : [row.milestone_id]))),
  ]
  const [labels, assignees, reviewers, milestones, diffs, blocked, approvals, projects] =
    await Promise.all([
      loadLabels(deps.db, ids),
      loadPeople(deps.db, 'merge_request_assignees', ids),
      loadPeople(deps.db, 'merge_request_reviewers', ids),
      findMilestones(deps.db, milestoneIds),
      loadDiffs(deps.db, diffIds),
      loadBlocked(deps.db, ids),
      loadApprovalCounts(deps.db, ids),
      loadProjects(deps, rows),
    ])
  const milestoneById = new Map(milestones.map((milestone) => [milestone.id, milestone]))
  const now = new Date()
  return Promise.all(
    rows.map(async (row) => {
      const context: RequestContext = {
        labels: labels.get(row.id) ?? [],
        assigneeIds: assignees.get(row.id) ?? [],
        reviewerIds: reviewers.get(row.id) ?? [],
        milestone: row.milestone_id === null ? undefined : milestoneById.get(row.milestone_id),
        diff: row.latest_diff_id === null ? undefined : diffs.get(row.latest_diff_id),
        blocked: blocked.has(row.id),
        approvals: approvals.get(row.id) ?? 0,
        project: projects.get(row.target_project_id),
        now,
      }
      const message = mergeRequestMessage(row, context)
      if (!options.single) return message
      return {
        ...message,
        subscribed: await subscribed(deps, row, context, options.caller?.userId),
        callerCanMerge: canMergeMergeRequest(options.caller, row),
        // diff_size: the version's real_size ("1000+" when the limits cut it).
        changesCount: context.diff
          ? (context.diff.real_size ?? `${context.diff.files_count}`)
          : undefined,
      }
    }),
  )
}
