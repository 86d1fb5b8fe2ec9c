import { CommitChange, CommitRefType, type RepositoryServiceServer } from '@suite/proto'
import { InvalidError, NotFoundError, type GrpcServer } from '@suite/runtime'
import { authorizePushToBranch } from '../domain/branch-rules.js'
import { applyCommit, type CommitChangeKind } from '../git/apply-commit.js'
import { commitDiff } from '../git/commit-diff.js'
import { commitRefs, type CommitRefKind } from '../git/commit-refs.js'
import { commitSignature } from '../git/commit-signature.js'
import { getCommit } from '../git/commits.js'
import { requireRepositoryAbility } from './caller-access.js'
import { pageOfRequest, pushActor } from './from-proto.js'
import type { RepositoryContext } from './repository-context.js'
import { commitToProto, diffFileToProto } from './to-proto.js'

type CommitChangeHandlers = Pick<
  RepositoryServiceServer,
  'getCommitDiff' | 'listCommitRefs' | 'getCommitSignature' | 'applyCommit'
>

const REF_KINDS: Readonly<Record<CommitRefType, readonly CommitRefKind[]>> = {
  [CommitRefType.COMMIT_REF_TYPE_UNSPECIFIED]: ['branch', 'tag'],
  [CommitRefType.COMMIT_REF_TYPE_BRANCH]: ['branch'],
  [CommitRefType.COMMIT_REF_TYPE_TAG]: ['tag'],
  [CommitRefType.UNRECOGNIZED]: ['branch', 'tag'],
}

const CHANGES: Partial<Record<CommitChange, CommitChangeKind>> = {
  [CommitChange.COMMIT_CHANGE_CHERRY_PICK]: 'cherry_pick',
  [CommitChange.COMMIT_CHANGE_REVERT]: 'revert',
}

/** A commit's diff, refs and signature, and the cherry-pick and revert of lib/api/commits.rb. */
export function commitChangeHandlers(
  server: GrpcServer,
  { deps, existing, writeRefs }: RepositoryContext,
): CommitChangeHandlers {
  return {
    getCommitDiff: server.unary('GetCommitDiff', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const diffs = await commitDiff(await existing(req.projectId), req.sha, req.unidiff)
      return {
        diffs: pageOfRequest(diffs, req.page).map(diffFileToProto),
        pageInfo: { total: diffs.length },
      }
    }),
    listCommitRefs: server.unary('ListCommitRefs', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const page = Math.max(req.page?.page ?? 1, 1)
      const perPage = Math.min(Math.max(req.page?.perPage ?? 20, 1), 100)
      const refs = await commitRefs(
        await existing(req.projectId),
        req.sha,
        REF_KINDS[req.type],
        page * perPage,
      )
      const start = (page - 1) * perPage
      return {
        refs: refs.slice(start, start + perPage).map((ref) => ({
          type:
            ref.type === 'tag'
              ? CommitRefType.COMMIT_REF_TYPE_TAG
              : CommitRefType.COMMIT_REF_TYPE_BRANCH,
          name: ref.name,
        })),
      }
    }),
    getCommitSignature: server.unary('GetCommitSignature', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const { commitId, type } = await commitSignature(await existing(req.projectId), req.sha)
      if (!type) throw new NotFoundError('Signature')
      // No user keys are kept here, so no signature's key is known (x509: no trusted certificate).
      const verificationStatus = type === 'X509' ? 'unverified' : 'unknown_key'
      return { signatureType: type, verificationStatus, commitId }
    }),
    applyCommit: server.unary('ApplyCommit', async (req) => {
      // The caller's abilities must be this project's; push_code and the
      // branch's rules then answer as authorize_push_to_branch! does.
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const change = CHANGES[req.change]
      if (!change) throw new InvalidError({}, 'change is invalid')
      const actor = pushActor(req.caller)
      await authorizePushToBranch(deps.protectedBranches, req.projectId, req.branch, actor)
      const repo = await existing(req.projectId)
      const input = {
        sha: req.sha,
        branch: req.branch,
        change,
        dryRun: req.dryRun,
        message: req.message,
        user: { name: req.userName, email: req.userEmail },
      }
      if (req.dryRun) {
        await applyCommit(repo, input)
        return { commit: undefined }
      }
      const applied = await writeRefs(repo, req.projectId, req.caller, async () => {
        const result = await applyCommit(repo, input)
        return { result, changes: result.changes }
      })
      const commit = await getCommit(repo, applied.commitId ?? '')
      return { commit: commitToProto(commit) }
    }),
  }
}
