import {
  DiffLimits,
  MergeMethod as MergeMethodMessage,
  type RepositoryServiceClient,
} from '@suite/proto'
import type { PromiseClient } from '@suite/runtime'
import type { MergeMethod, RepositoryPort } from '../domain/ports.js'
import { callerMessage } from './caller-message.js'
import { failedPreconditionReason, isNotFound } from './grpc-failures.js'

export type RepositoryRpc = PromiseClient<RepositoryServiceClient>

/**
 * The caller of every read here: this service reads for itself. Its workers
 * (diff collection, mergeability, commit notes) act for no request, and its
 * request paths (changes, raw_diffs) have already checked the MR ability its
 * own policy asks (read_merge_request), which the role's read_code is not:
 * handing the request's caller on would refuse a reader GitLab lets through.
 * Only the suite's processes can send a system caller (INTERNAL_API_SECRET).
 */
const SYSTEM = { scopes: [], admin: false, system: true }

const METHODS: Readonly<Record<MergeMethod, MergeMethodMessage>> = {
  merge: MergeMethodMessage.MERGE_METHOD_MERGE,
  rebase_merge: MergeMethodMessage.MERGE_METHOD_REBASE_MERGE,
  ff: MergeMethodMessage.MERGE_METHOD_FF,
}

/**
 * The repository role as the domain needs it: reads on `read` (retried),
 * merges and branch deletions on `write` (not retried).
 */
export function repositoryPort(read: RepositoryRpc, write: RepositoryRpc): RepositoryPort {
  return {
    findBranch: async (projectId, name) => {
      try {
        const { branch } = await read.getBranch({ projectId, name, caller: SYSTEM })
        return branch && { head: branch.commit?.id || undefined }
      } catch (error) {
        if (isNotFound(error)) return undefined
        throw error
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
    deleteBranch: async (caller, projectId, name) => {
      await write.deleteBranch({ projectId, caller: callerMessage(caller), name })
    },
  }
}
