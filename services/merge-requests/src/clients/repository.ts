import {
  DiffLimits,
  MergeMethod as MergeMethodMessage,
  type RepositoryForkServiceClient,
  type RepositoryServiceClient,
} from '@suite/proto'
import type { PromiseClient } from '@suite/runtime'
import type { MergeMethod, RepositoryPort } from '../domain/ports.js'
import { callerMessage } from './caller-message.js'
import {
  failedPreconditionReason,
  isInvalidArgument,
  isNotFound,
  refusalMessage,
} from './grpc-failures.js'

export type RepositoryRpc = PromiseClient<RepositoryServiceClient>
export type RepositoryForkRpc = PromiseClient<RepositoryForkServiceClient>

/**
 * The caller of every read here: this service reads for itself. Its workers
 * (diff collection, mergeability, commit notes) act for no request, and its
 * request paths (changes, raw_diffs) have already checked the MR ability its
 * own policy asks (read_merge_request), which the role's read_code is not:
 * handing the request's caller on would refuse a reader GitLab lets through.
 * Only the suite's processes can send a system caller (INTERNAL_API_SECRET).
 */
const SYSTEM = { scopes: [], admin: false, system: true }

/** A commit's diff is read a page of this many files at a time, up to COMMIT_DIFF_PAGES pages. */
const COMMIT_DIFF_PAGE = 100
const COMMIT_DIFF_PAGES = 50

/** Who writes merge refs (Gitaly writes them as the instance's user). */
const MERGE_REF_COMMITTER = { name: 'GitLab', email: 'noreply@gitlab.local' }

const METHODS: Readonly<Record<MergeMethod, MergeMethodMessage>> = {
  merge: MergeMethodMessage.MERGE_METHOD_MERGE,
  rebase_merge: MergeMethodMessage.MERGE_METHOD_REBASE_MERGE,
  ff: MergeMethodMessage.MERGE_METHOD_FF,
}

/**
 * The repository role as the domain needs it: reads on `read` (retried),
 * merges and branch deletions on `write` (not retried), fetches of fork
 * branches on `forks` (a port without it cannot fetch them).
 */
export function repositoryPort(
  read: RepositoryRpc,
  write: RepositoryRpc,
  forks?: RepositoryForkRpc,
): RepositoryPort {
  return {
    findCommit: async (caller, projectId, ref) => {
      try {
        const { commit } = await read.getCommit({
          projectId,
          sha: ref,
          caller: callerMessage(caller),
        })
        return commit?.id ? commit : undefined
      } catch (error) {
        // A malformed ref names no commit, as GitLab's project.commit answers nil.
        if (isNotFound(error) || isInvalidArgument(error)) return undefined
        throw error
      }
    },
    commitDiffFiles: async (caller, projectId, sha) => {
      const files: { oldPath: string; newPath: string; diff: string }[] = []
      for (let page = 1; page <= COMMIT_DIFF_PAGES; page++) {
        const { diffs, pageInfo } = await read.getCommitDiff({
          projectId,
          sha,
          page: { page, perPage: COMMIT_DIFF_PAGE },
          caller: callerMessage(caller),
          unidiff: false,
        })
        files.push(...diffs.map(({ oldPath, newPath, diff }) => ({ oldPath, newPath, diff })))
        if (diffs.length < COMMIT_DIFF_PAGE || files.length >= (pageInfo?.total ?? 0)) break
      }
      return files
    },
    findBranch: async (projectId, name) => {
      try {
        const { branch } = await read.getBranch({ projectId, name, caller: SYSTEM })
        return branch && { head: branch.commit?.id || undefined }
      } catch (error) {
        if (isNotFound(error)) return undefined
        throw error
      }
    },
    branchAccess: async (caller, projectId, name) => {
      try {
        const { branch } = await read.getBranch({ projectId, name, caller: callerMessage(caller) })
        return (
          branch && {
            protected: branch.protected === true,
            canPush: branch.canPush,
            canMerge: branch.canMerge === true,
            canForcePush: branch.canForcePush,
          }
        )
      } catch (error) {
        if (isNotFound(error)) return undefined
        throw error
      }
    },
    mergeToRef: async (request) => {
      try {
        const { commitId } = await write.mergeToRef({
          caller: SYSTEM,
          ...request,
          committerName: MERGE_REF_COMMITTER.name,
          committerEmail: MERGE_REF_COMMITTER.email,
        })
        return { kind: 'merged', commitId }
      } catch (error) {
        if (failedPreconditionReason(error) === undefined && !isNotFound(error)) throw error
        return { kind: 'refused' }
      }
    },
    rebaseBranch: async (caller, request) => {
      try {
        const { head } = await write.rebaseBranch({ caller: callerMessage(caller), ...request })
        return { kind: 'rebased', head }
      } catch (error) {
        const message = refusalMessage(error)
        if (message === undefined) throw error
        return { kind: 'refused', message }
      }
    },
    mayMergeInto: async (caller, projectId, name) => {
      try {
        const { branch } = await read.getBranch({ projectId, name, caller: callerMessage(caller) })
        return branch?.canMerge ?? true
      } catch (error) {
        if (isNotFound(error)) return true
        throw error
      }
    },
    findMergeBase: async (projectId, revisions) => {
      const { base } = await read.findMergeBase({
        projectId,
        revisions: [...revisions],
        caller: SYSTEM,
      })
      return base
    },
    compareCommits: async (projectId, request) => {
      const compare = await read.compareCommits({
        projectId,
        baseSha: request.baseSha,
        headSha: request.headSha,
        // Zero fields take GitLab's defaults.
        limits: DiffLimits.fromPartial(request.unlimited ? { unlimited: true } : {}),
        skipDiffs: false,
        skipCommits: request.skipCommits,
        caller: SYSTEM,
      })
      return {
        commits: compare.commits,
        diffs: compare.diffs,
        overflow: compare.overflow,
        realSize: compare.realSize,
        patchId: compare.patchId,
      }
    },
    rawDiff: async (projectId, baseSha, headSha) => {
      const { patch } = await read.rawDiff({ projectId, baseSha, headSha, caller: SYSTEM })
      return patch
    },
    checkMergeability: async (projectId, sourceSha, targetSha) => {
      const result = await read.checkMergeability({
        projectId,
        sourceSha,
        targetSha,
        caller: SYSTEM,
      })
      return { conflicts: result.conflicts, divergedCommitsCount: result.divergedCommitsCount }
    },
    mergeBranch: async (caller, request) => {
      try {
        const merged = await write.mergeBranch({
          caller: callerMessage(caller),
          projectId: request.projectId,
          sourceBranch: request.sourceBranch,
          sourceSha: request.sourceSha,
          targetBranch: request.targetBranch,
          method: METHODS[request.method],
          squash: request.squash,
          squashCommitMessage: request.squashCommitMessage,
          mergeCommitMessage: request.mergeCommitMessage,
          authorName: request.authorName,
          authorEmail: request.authorEmail,
          removeSourceBranch: request.removeSourceBranch,
          sourceMergeRequestIid: request.forkMergeRequestIid ?? 0,
        })
        return {
          kind: 'merged',
          targetSha: merged.targetSha,
          mergeCommitSha: merged.mergeCommitSha,
          squashCommitSha: merged.squashCommitSha,
        }
      } catch (error) {
        const reason = failedPreconditionReason(error)
        if (reason === undefined) throw error
        return { kind: 'refused', reason }
      }
    },
    fetchSourceBranch: async (request) => {
      if (!forks) throw new Error('fork branches cannot be fetched without the fork client')
      const { headSha } = await forks.fetchSourceBranch({
        caller: SYSTEM,
        sourceProjectId: request.sourceProjectId,
        sourceBranch: request.sourceBranch,
        targetProjectId: request.targetProjectId,
        mergeRequestIid: request.iid,
      })
      return headSha || undefined
    },
    deleteBranch: async (caller, projectId, name) => {
      await write.deleteBranch({ projectId, caller: callerMessage(caller), name })
    },
  }
}
