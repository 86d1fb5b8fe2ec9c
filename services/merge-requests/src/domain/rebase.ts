/**
 * PUT /projects/:id/merge_requests/:iid/rebase (MergeRequest#rebase_async and
 * RebaseWorker / MergeRequests::RebaseService): the request is marked with
 * its rebase job and the job queued; the worker replays the source branch on
 * the target's head through the repository role and clears the mark, leaving
 * merge_error when the rebase fails (a conflict).
 */
import { randomUUID } from 'node:crypto'
import { ConflictError, ForbiddenError } from '@suite/runtime'
import type { Caller } from './caller.js'
import { requireVisibleMergeRequest } from './merge-request-access.js'
import type { MergeRequest, MergeRequestKey } from './merge-request.js'
import { allowsCollaboration, isForkRequest } from './fork-collaboration.js'
import type { MergeRequestsDeps, RebaseJob } from './ports.js'
import { activeUserCaller } from './user-caller.js'

/** How long a rebase counts as running without finishing (a Sidekiq status's lifetime, shortened). */
export const REBASE_RUNNING_MS = 10 * 60_000

/** rebase_in_progress? from the stored job: set, and asked for recently enough to still run. */
export function rebaseRunning(
  jid: string | null,
  requestedAt: Date | null,
  now = Date.now(),
): boolean {
  return jid !== null && requestedAt !== null && now - requestedAt.getTime() < REBASE_RUNNING_MS
}

/** GitLab's answers (authorize_push_to_merge_request!, rebase_async's StaleObjectError). */
export const REBASE_MESSAGES = {
  sourceMissing: 'Source branch does not exist',
  cannotPush: 'Cannot push to source branch',
  forcePushProtected: 'Source branch is protected from force push',
  locked: '409 Conflict: Resource lock',
  failed: 'Rebase failed: Rebase locally, resolve all conflicts, then push the branch.',
} as const

/** Who rewrites the source branch: the caller in the source project, and by which right. */
interface SourcePush {
  caller: Caller
  viaCollaboration: boolean
}

/**
 * authorize_push_to_merge_request!: the source branch exists and the caller
 * may push (and, where it is protected, force-push) to it in the source
 * project, as the repository role's protection rules answer for them; or,
 * for a fork's request that allows collaboration, they may update its
 * target branch and the source branch is not protected. `caller` carries
 * their grants in the target project.
 */
async function requirePushToSource(
  deps: MergeRequestsDeps,
  caller: Caller,
  mergeRequest: MergeRequest,
): Promise<SourcePush> {
  const inSource = isForkRequest(mergeRequest)
    ? {
        ...caller,
        project: await deps.ports.projects.findGrants(
          { ...caller, project: undefined },
          mergeRequest.sourceProjectId,
        ),
      }
    : caller
  const access = await deps.ports.repository.branchAccess(
    inSource,
    mergeRequest.sourceProjectId,
    mergeRequest.sourceBranch,
  )
  if (!access) throw new ForbiddenError(REBASE_MESSAGES.sourceMissing, 'source_branch_missing')
  if (access.canPush) {
    if (!access.canForcePush) {
      throw new ForbiddenError(REBASE_MESSAGES.forcePushProtected, 'force_push_protected')
    }
    return { caller: inSource, viaCollaboration: false }
  }
  if (!access.protected && (await allowsCollaboration(deps, caller, mergeRequest))) {
    return { caller: inSource, viaCollaboration: true }
  }
  throw new ForbiddenError(REBASE_MESSAGES.cannotPush, 'cannot_push')
}

/** The worker's check: the right to push, or undefined when it is gone. */
async function sourcePushOf(
  deps: MergeRequestsDeps,
  caller: Caller,
  mergeRequest: MergeRequest,
): Promise<SourcePush | undefined> {
  try {
    return await requirePushToSource(deps, caller, mergeRequest)
  } catch (error) {
    if (error instanceof ForbiddenError) return undefined
    throw error
  }
}

/**
 * Marks the request with a new rebase job and queues it; 409 when it is not
 * open or a rebase is running. A job that cannot be queued unmarks the
 * request again, so that it is never left looking busy.
 */
export async function requestRebase(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  skipCi: boolean,
): Promise<boolean> {
  const mergeRequest = await requireVisibleMergeRequest(deps, caller, key)
  if (caller?.userId === undefined) throw new ForbiddenError()
  await requirePushToSource(deps, caller, mergeRequest)
  const jid = randomUUID()
  const since = new Date(Date.now() - REBASE_RUNNING_MS)
  if (!(await deps.stores.rebases.start(mergeRequest.id, jid, since))) {
    throw new ConflictError(REBASE_MESSAGES.locked)
  }
  try {
    await deps.ports.queues.enqueueRebase({
      mergeRequestId: mergeRequest.id,
      jid,
      userId: caller.userId,
      skipCi,
    })
  } catch (error) {
    await deps.stores.rebases.finish(mergeRequest.id, jid, undefined)
    throw error
  }
  return true
}

/**
 * RebaseWorker: replays the source branch on the target's head as the user
 * who asked (their abilities in the project now), then clears the job. A
 * refusal (conflict, the branch moved, no longer allowed) is kept as
 * merge_error; any other failure is thrown for the queue to try again.
 */
export async function runRebase(deps: MergeRequestsDeps, job: RebaseJob): Promise<string> {
  const mergeRequest = await deps.stores.mergeRequests.findById(job.mergeRequestId)
  if (!mergeRequest || !(await deps.stores.rebases.isCurrent(mergeRequest.id, job.jid))) {
    return 'settled'
  }
  const finish = (mergeError: string | undefined) =>
    deps.stores.rebases.finish(mergeRequest.id, job.jid, mergeError)
  if (mergeRequest.state !== 'opened') {
    await finish(undefined)
    return 'settled'
  }
  const actor = await activeUserCaller(deps, job.userId, mergeRequest.targetProjectId)
  const source = await deps.ports.repository.findBranch(
    mergeRequest.sourceProjectId,
    mergeRequest.sourceBranch,
  )
  // Allowed when asked, and still (GitLab's worker rebases as the user who asked).
  const right = actor && (await sourcePushOf(deps, actor.caller, mergeRequest))
  if (!actor || !right || !source?.head) {
    await finish(REBASE_MESSAGES.failed)
    return 'failed'
  }
  const outcome = await deps.ports.repository.rebaseBranch(right.caller, {
    projectId: mergeRequest.sourceProjectId,
    branch: mergeRequest.sourceBranch,
    expectedHead: source.head,
    // A fork's branch is rebased onto the target project's target branch, in the fork.
    ontoProjectId: mergeRequest.targetProjectId,
    ontoBranch: mergeRequest.targetBranch,
    committerName: actor.user.name,
    committerEmail: actor.user.commitEmail,
    skipCi: job.skipCi,
    viaCollaboration: right.viaCollaboration,
  })
  if (outcome.kind === 'refused') {
    deps.logger.info({ mergeRequestId: mergeRequest.id, reason: outcome.message }, 'rebase refused')
    await finish(REBASE_MESSAGES.failed)
    return 'failed'
  }
  await finish(undefined)
  return 'rebased'
}
