import type { RepositoryServiceClient } from '@suite/proto'
import { status } from '@grpc/grpc-js'
import { isNotFound, isServiceError, type PromiseClient } from '@suite/runtime'
import type { CommitLookupPort } from '../domain/commit-status-ports.js'

/** Branches read per page, and at most, when looking for those holding a commit. */
const PER_PAGE = 100
const MAX_BRANCHES = 500

/**
 * The caller of these reads: this service, for the commit status whose
 * caller it has already checked (create_commit_status); only the suite's
 * processes can send a system caller (INTERNAL_API_SECRET).
 */
const SYSTEM = { scopes: [], admin: false, system: true }

/** The repository role, as commit statuses ask it about commits and branches. */
export function commitLookups(
  repository: PromiseClient<RepositoryServiceClient>,
): CommitLookupPort {
  return {
    commitSha: async (projectId, revision) => {
      try {
        const answer = await repository.getCommit({ projectId, sha: revision, caller: SYSTEM })
        return answer.commit?.id
      } catch (error) {
        // A revision git refuses names no commit, as an unknown one.
        if (isNotFound(error)) return undefined
        if (isServiceError(error) && error.code === status.INVALID_ARGUMENT) return undefined
        throw error
      }
    },
    branchesContaining: async (projectId, sha) => {
      const names: string[] = []
      for (let page = 1; (page - 1) * PER_PAGE < MAX_BRANCHES; page++) {
        const { branches } = await repository.listBranches({
          projectId,
          search: '',
          page: { page, perPage: PER_PAGE },
          caller: SYSTEM,
        })
        for (const branch of branches) {
          const head = branch.commit?.id
          if (!head) continue
          // The commit is in a branch's history when it is its own merge base with the head.
          const holds =
            head === sha ||
            (await repository.findMergeBase({ projectId, revisions: [sha, head], caller: SYSTEM }))
              .base === sha
          if (holds) names.push(branch.name)
        }
        if (branches.length < PER_PAGE) break
      }
      return names
    },
  }
}
