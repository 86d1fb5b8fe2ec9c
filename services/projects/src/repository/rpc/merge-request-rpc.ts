import { MergeMethod, type Caller, type RepositoryServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { requireRepositoryAbility, requireSignedInCaller } from './caller-access.js'
import { compareCommits } from '../git/compare.js'
import { findMergeBase } from '../git/merge-base.js'
import { mergeBranch, mergeToRef, rebaseBranch, type MergeMethodName } from '../git/merge-branch.js'
import { checkMergeability } from '../git/mergeability.js'
import { rawDiff } from '../git/raw-diff.js'
import type { RefWrite } from '../store/ref-change-recorder.js'
import type { Repo } from '../store/repository-store.js'
import { commitToProto, diffFileToProto } from './to-proto.js'

/** What the merge request handlers need from the repository service around them. */
export interface MergeRequestRpcContext {
  /** An existing repository, else NOT_FOUND. */
  existing: (projectId: number) => Promise<Repo>
  /** Runs a ref write whose changes become branch updates and push events. */
  writeRefs: <T>(
    repo: Repo,
    projectId: number,
    caller: Caller | undefined,
    run: () => Promise<RefWrite<T>>,
  ) => Promise<T>
  /** Refuses a merge into a protected branch the caller may neither merge nor push to. */
  requireMergeInto: (projectId: number, branch: string, caller: Caller | undefined) => Promise<void>
  /** Refuses a rebase of a branch the caller may not push, or force-push, to. */
  requireForcePushTo: (
    projectId: number,
    branch: string,
    caller: Caller | undefined,
  ) => Promise<void>
  /** Refuses a collaborator's rebase of a protected branch. */
  requireCollaboratorPushTo: (projectId: number, branch: string) => Promise<void>
}

const METHODS: Partial<Record<MergeMethod, MergeMethodName>> = {
  [MergeMethod.MERGE_METHOD_MERGE]: 'merge',
  [MergeMethod.MERGE_METHOD_REBASE_MERGE]: 'rebase_merge',
  [MergeMethod.MERGE_METHOD_FF]: 'ff',
}

/** GitLab's push option that asks for no pipeline (Gitlab::PushOptions, `git push -o ci.skip`). */
const CI_SKIP = 'ci.skip'

type MergeRequestHandlers = Pick<
  RepositoryServiceServer,
  | 'findMergeBase'
  | 'compareCommits'
  | 'rawDiff'
  | 'checkMergeability'
  | 'mergeBranch'
  | 'rebaseBranch'
  | 'mergeToRef'
>

/** The fetched source ref of a fork's request (source_merge_request_iid); none when 0. */
function forkSourceRef(iid: number): string | undefined {
  return iid > 0 ? `refs/merge-requests/${iid}/head` : undefined
}

/** The merge requests' git RPCs of RepositoryService: decode, call the git layer, encode. */
export function mergeRequestHandlers(
  server: GrpcServer,
  context: MergeRequestRpcContext,
): MergeRequestHandlers {
  const { existing, writeRefs } = context
  return {
    findMergeBase: server.unary('FindMergeBase', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      return { base: await findMergeBase(await existing(req.projectId), req.revisions) }
    }),
    compareCommits: server.unary('CompareCommits', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const comparison = await compareCommits(await existing(req.projectId), {
        baseSha: req.baseSha,
        headSha: req.headSha,
        limits: req.limits,
        skipDiffs: req.skipDiffs,
        skipCommits: req.skipCommits,
      })
      return {
        commits: comparison.commits.map(commitToProto),
        diffs: comparison.diffs.map(diffFileToProto),
        overflow: comparison.overflow,
        realSize: comparison.realSize,
        patchId: comparison.patchId,
      }
    }),
    rawDiff: server.unary('RawDiff', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      return { patch: await rawDiff(await existing(req.projectId), req.baseSha, req.headSha) }
    }),
    checkMergeability: server.unary('CheckMergeability', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      return checkMergeability(await existing(req.projectId), req.sourceSha, req.targetSha)
    }),
    mergeBranch: server.unary('MergeBranch', async (req) => {
      // The merge-requests service decided the caller may merge; this is the floor under it.
      requireRepositoryAbility(req.caller, req.projectId, 'pushCode')
      const repo = await existing(req.projectId)
      await context.requireMergeInto(req.projectId, req.targetBranch, req.caller)
      const outcome = await writeRefs(repo, req.projectId, req.caller, async () => {
        const outcome = await mergeBranch(repo, {
          sourceBranch: req.sourceBranch,
          forkSourceRef: forkSourceRef(req.sourceMergeRequestIid),
          sourceSha: req.sourceSha,
          targetBranch: req.targetBranch,
          method: METHODS[req.method] ?? 'merge',
          squash: req.squash,
          squashCommitMessage: req.squashCommitMessage,
          mergeCommitMessage: req.mergeCommitMessage,
          user: { name: req.authorName, email: req.authorEmail },
          removeSourceBranch: req.removeSourceBranch,
        })
        return { result: outcome, changes: outcome.changes }
      })
      return {
        targetSha: outcome.targetSha,
        mergeCommitSha: outcome.mergeCommitSha,
        squashCommitSha: outcome.squashCommitSha,
        rebasedSourceSha: outcome.rebasedSourceSha,
        sourceBranchRemoved: outcome.sourceBranchRemoved,
      }
    }),
    mergeToRef: server.unary('MergeToRef', async (req) => {
      // A merge request's own ref, written for whoever may read it (as GitLab does).
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const commitId = await mergeToRef(await existing(req.projectId), {
        sourceSha: req.sourceSha,
        targetBranch: req.targetBranch,
        mergeRequestIid: req.mergeRequestIid,
        message: req.message,
        user: { name: req.committerName, email: req.committerEmail },
      })
      return { commitId }
    }),
    rebaseBranch: server.unary('RebaseBranch', async (req) => {
      if (req.viaCollaboration) {
        // The merge-requests service found the collaboration; the caller is still someone.
        requireSignedInCaller(req.caller)
      } else {
        requireRepositoryAbility(req.caller, req.projectId, 'pushCode')
      }
      const repo = await existing(req.projectId)
      const ontoRepo =
        req.ontoProjectId > 0 && req.ontoProjectId !== req.projectId
          ? await existing(req.ontoProjectId)
          : undefined
      if (req.viaCollaboration) {
        await context.requireCollaboratorPushTo(req.projectId, req.branch)
      } else {
        await context.requireForcePushTo(req.projectId, req.branch, req.caller)
      }
      const head = await writeRefs(repo, req.projectId, req.caller, async () => {
        const rebased = await rebaseBranch(repo, {
          branch: req.branch,
          expectedHead: req.expectedHead,
          ontoBranch: req.ontoBranch,
          ontoRepo,
          committer: { name: req.committerName, email: req.committerEmail },
          pushOptions: req.skipCi ? [CI_SKIP] : [],
        })
        return { result: rebased.head, changes: rebased.changes }
      })
      return { head }
    }),
  }
}
