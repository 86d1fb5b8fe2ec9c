/**
 * PUT .../merge: merges through the repository role by the project's merge
 * method and records the result (GitLab's MergeService), or sets auto-merge.
 */
import { PreconditionError } from '@suite/runtime'
import type { Caller } from './caller.js'
import { closeMergedRequestIssues } from './close-merged-issues.js'
import type { MergeRequestsDeps } from './ports.js'
import {
  defaultMergeCommitMessage,
  mergeErrorMessage,
  mergeMethodOf,
  projectFullPath,
  removeSourceBranch,
  squashOnMerge,
} from './merge-commit.js'
import { loadMergeContext } from './merge-context.js'
import type { MergeRequest } from './merge-request.js'
import { recordMergeRequestEvent } from './merge-request-events.js'
import { hookTargetOf, recordMergeRequestHook } from './merge-request-hooks.js'
import { decideMerge, type MergeContext } from './merge-rules.js'

/** A merge call: the request it names and how to merge it; absent options take the defaults. */
export interface MergeInput {
  caller: Caller | undefined
  projectId: number
  iid: number
  mergeCommitMessage?: string | undefined
  squashCommitMessage?: string | undefined
  squash?: boolean | undefined
  shouldRemoveSourceBranch?: boolean | undefined
  /** The head the caller saw; another one is a 409. */
  sha?: string | undefined
  autoMerge?: boolean | undefined
  committerName: string
  committerEmail: string
}

const BRANCH_CANNOT_BE_MERGED = 'Branch cannot be merged'

/** The repository refused the merge; its reason is already the request's merge_error. */
export class MergeRefusedError extends PreconditionError {
  constructor() {
    super(BRANCH_CANNOT_BE_MERGED, 'unprocessable')
  }
}

/** The merging user's id (the caller was checked to be able to merge). */
function userIdOf(caller: Caller | undefined): number {
  if (!caller?.userId) throw new PreconditionError('405 Method Not Allowed', 'method_not_allowed')
  return caller.userId
}

/** Runs the merge in the repository; the target's merge and squash commits. */
async function mergeInRepository(
  deps: MergeRequestsDeps,
  context: MergeContext,
  input: MergeInput,
  squash: boolean,
): Promise<{ mergeCommitSha: string | null; squashCommitSha: string | null }> {
  // The source branch goes only after the request is marked merged (see
  // removeMergedSourceBranch): its deletion must not read as a closed branch.
  const { mergeRequest, project } = context
  const outcome = await deps.ports.repository.mergeBranch(input.caller, {
    projectId: mergeRequest.targetProjectId,
    sourceBranch: mergeRequest.sourceBranch,
    sourceSha: input.sha ?? context.diff?.headSha ?? '',
    targetBranch: mergeRequest.targetBranch,
    method: mergeMethodOf(project),
    squash,
    squashCommitMessage: input.squashCommitMessage ?? mergeRequest.title,
    mergeCommitMessage:
      input.mergeCommitMessage ??
      defaultMergeCommitMessage(
        mergeRequest,
        projectFullPath(project, mergeRequest.targetProjectId),
      ),
    authorName: input.committerName,
    authorEmail: input.committerEmail,
    removeSourceBranch: false,
    // A fork's request merges the head fetched into the target repository.
    forkMergeRequestIid:
      mergeRequest.sourceProjectId === mergeRequest.targetProjectId ? undefined : mergeRequest.iid,
  })
  if (outcome.kind === 'refused') {
    // MergeService keeps the reason as merge_error; the endpoint answers 422.
    await deps.stores.mergeRequests.setMergeError(
      mergeRequest.id,
      mergeErrorMessage(outcome.reason),
    )
    throw new MergeRefusedError()
  }
  return {
    // A fast-forward makes no merge commit: the target's new head is what landed.
    mergeCommitSha: outcome.mergeCommitSha ?? outcome.targetSha,
    squashCommitSha: outcome.squashCommitSha ?? null,
  }
}

/**
 * Deletes the merged request's source branch when asked or by project
 * setting, as MergeService's after-merge step; a failure (a default or
 * vanished branch) leaves the branch and is logged, the merge stands.
 */
async function removeMergedSourceBranch(
  deps: MergeRequestsDeps,
  context: MergeContext,
  input: MergeInput,
): Promise<void> {
  const { mergeRequest, project } = context
  if (!removeSourceBranch(input.shouldRemoveSourceBranch, mergeRequest, project)) return
  if (mergeRequest.sourceProjectId !== mergeRequest.targetProjectId) return
  if (project?.defaultBranch === mergeRequest.sourceBranch) return
  try {
    await deps.ports.repository.deleteBranch(
      input.caller,
      mergeRequest.sourceProjectId,
      mergeRequest.sourceBranch,
    )
  } catch (error) {
    deps.logger.warn(
      { err: error, mergeRequestId: mergeRequest.id },
      'source branch not removed after merge',
    )
  }
}

/** Merges the request (already found and readable); returns the updated request. */
export async function mergeMergeRequest(
  deps: MergeRequestsDeps,
  found: MergeRequest,
  input: MergeInput,
): Promise<MergeRequest> {
  const { stores } = deps
  const context = await loadMergeContext(deps, found)
  const decision = decideMerge(context, { autoMerge: input.autoMerge === true, sha: input.sha })
  const userId = userIdOf(input.caller)
  // The API sets the request's squash flag when the call asks for squash=true.
  const squashFlag = input.squash === true || context.mergeRequest.squash
  if (decision === 'auto_merge') {
    const updated = await stores.mergeRequests.setAutoMerge(
      found.id,
      userId,
      squashFlag,
      input.shouldRemoveSourceBranch,
    )
    return updated ?? (await stores.mergeRequests.findById(found.id)) ?? context.mergeRequest
  }
  const squash = squashOnMerge(context.project, squashFlag)
  const shas = await mergeInRepository(deps, context, input, squash)
  const merged = await stores.transaction(async (tx) => {
    const updated = await tx.mergeRequests.markMerged(found.id, {
      mergeUserId: userId,
      mergeCommitSha: shas.mergeCommitSha,
      squashCommitSha: shas.squashCommitSha,
      squash: squashFlag,
      shouldRemoveSourceBranch: input.shouldRemoveSourceBranch,
    })
    if (updated) {
      await recordMergeRequestEvent(tx, updated, 'merged', userId)
      const target = hookTargetOf(deps, context.project)
      await recordMergeRequestHook(tx, target, updated, 'merge', userId)
      // PostMergeService#close_issues, once: only the call that marked it merged gets here.
      await closeMergedRequestIssues(
        tx,
        target.site,
        context.project,
        updated,
        input.caller,
        userId,
      )
    }
    return updated
  })
  if (merged) await removeMergedSourceBranch(deps, context, input)
  return merged ?? (await stores.mergeRequests.findById(found.id)) ?? context.mergeRequest
}
