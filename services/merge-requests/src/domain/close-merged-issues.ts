/**
 * MergeRequests::PostMergeService#close_issues: a request merged into its
 * project's default branch closes the target project's issues its title,
 * description and commit messages name with a closing word
 * (ClosingIssueExtractor), each through
 * Issues::CloseService as the merging user, and only those that user may
 * update (IssuePolicy update_issue; a confidential issue they cannot read is
 * left alone).
 */
import { pageWindow, type PageRequest } from '@suite/runtime'
import type { Caller } from './caller.js'
import { closedIidsIn } from './closing-issues.js'
import type { HookSite } from './hook-payloads.js'
import { canReadIssue, canUpdateIssue, type Issue, type IssueView } from './issue.js'
import { closeIssueIn, presentIssues } from './issues.js'
import type { MergeRequest, MergeRequestKey } from './merge-request.js'
import { requireMergeRequest } from './merge-request-access.js'
import type { MergeRequestsDeps, Stores } from './ports.js'
import type { Project } from './project.js'
import { findProject } from './project-settings.js'

/** A description naming more issues than this closes the first ones only (one transaction). */
export const MAX_ISSUES_CLOSED_BY_MERGE = 100

/**
 * The target project's issue iids the request would close (GitLab's
 * closes_issues before access): its title, description and the messages of
 * its latest version's commits.
 */
export function closingIidsOf(
  mergeRequest: Pick<MergeRequest, 'title' | 'description' | 'targetBranch'>,
  project: Pick<Project, 'defaultBranch' | 'namespaceFullPath' | 'path'> | undefined,
  commitMessages: readonly string[] = [],
): number[] {
  if (!project || mergeRequest.targetBranch !== project.defaultBranch) return []
  const fullPath = `${project.namespaceFullPath}/${project.path}`
  return closedIidsIn([mergeRequest.title, mergeRequest.description, ...commitMessages], {
    fullPath,
    path: project.path,
  }).slice(0, MAX_ISSUES_CLOSED_BY_MERGE)
}

/** The messages of the request's latest version's commits (none before its diff is collected). */
async function commitMessagesOf(
  stores: Pick<Stores, 'diffs'>,
  mergeRequest: Pick<MergeRequest, 'latestDiffId'>,
): Promise<string[]> {
  if (mergeRequest.latestDiffId === null) return []
  const commits = await stores.diffs.listCommits(mergeRequest.latestDiffId)
  return commits.map((commit) => commit.message)
}

/** The referenced open issues `caller` may update, as `tx` sees them. */
export async function closableIssues(
  tx: Pick<Stores, 'issues'>,
  caller: Caller | undefined,
  projectId: number,
  iids: readonly number[],
): Promise<Issue[]> {
  const issues: Issue[] = []
  for (const iid of iids) {
    const issue = await tx.issues.findByIid(projectId, iid)
    if (!issue || issue.state !== 'opened') continue
    const assigneeIds = (await tx.issues.assigneeIds([issue.id])).get(issue.id) ?? []
    if (canUpdateIssue(caller, issue, assigneeIds)) issues.push(issue)
  }
  return issues
}

/** Closes, in the merge's transaction, the issues the merged request closes; returns them. */
export async function closeMergedRequestIssues(
  tx: Stores,
  site: HookSite,
  project: Project | undefined,
  mergeRequest: MergeRequest,
  caller: Caller | undefined,
  userId: number,
): Promise<Issue[]> {
  const iids = closingIidsOf(mergeRequest, project, await commitMessagesOf(tx, mergeRequest))
  if (iids.length === 0) return []
  const now = new Date()
  const closed: Issue[] = []
  for (const issue of await closableIssues(tx, caller, mergeRequest.targetProjectId, iids)) {
    const next = await closeIssueIn(tx, issue, site, userId, now)
    if (next) closed.push(next)
  }
  return closed
}

/**
 * GET .../merge_requests/:iid/closes_issues (MergeRequest#visible_closing_issues_for
 * after find_merge_request_with_access): 404 Merge Request Not Found for an
 * unknown request, 403 without read_merge_request; the
 * issues it names that the caller may read, open or closed, in the order
 * named, one page of them.
 */
export async function listClosingIssues(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  page: PageRequest | undefined,
): Promise<{ issues: IssueView[]; total: number }> {
  const mergeRequest = await requireMergeRequest(deps, caller, key)
  const project = await findProject(deps, mergeRequest.targetProjectId)
  const readable: Issue[] = []
  const assignees = new Map<number, number[]>()
  const messages = await commitMessagesOf(deps.stores, mergeRequest)
  for (const iid of closingIidsOf(mergeRequest, project, messages)) {
    const issue = await deps.stores.issues.findByIid(mergeRequest.targetProjectId, iid)
    if (!issue) continue
    const assigneeIds = (await deps.stores.issues.assigneeIds([issue.id])).get(issue.id) ?? []
    if (!canReadIssue(caller, issue, assigneeIds)) continue
    readable.push(issue)
    assignees.set(issue.id, assigneeIds)
  }
  const { limit, offset } = pageWindow(page)
  const shown = readable.slice(offset, offset + limit)
  return {
    issues: await presentIssues(deps, shown, caller, assignees),
    total: readable.length,
  }
}
