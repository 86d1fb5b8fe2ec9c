import { MergeMethod, type Caller, type RepositoryServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { requireRepositoryAbility } from './caller-access.js'
import { compareCommits } from '../git/compare.js'
import { findMergeBase } from '../git/merge-base.js'
import { mergeBranch, type MergeMethodName } from '../git/merge-branch.js'
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
}

const METHODS: Partial<Record<MergeMethod, MergeMethodName>> = {
  [MergeMethod.MERGE_METHOD_MERGE]: 'merge',
  [MergeMethod.MERGE_METHOD_REBASE_MERGE]: 'rebase_merge',
  [MergeMethod.MERGE_METHOD_FF]: 'ff',
}

type MergeRequestHandlers = Pick<
  RepositoryServiceServer,
  'findMergeBase' | 'compareCommits' | 'rawDiff' | 'checkMergeability' | 'mergeBranch'
>

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
  }
}
