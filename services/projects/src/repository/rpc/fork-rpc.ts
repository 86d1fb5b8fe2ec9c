import type { RepositoryForkServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import type { ProtectedBranchesStore } from '../../store/protected-branches.store.js'
import { ConflictError } from '@suite/runtime'
import type { RepositoryStore } from '../store/repository-store.js'
import { requireSystemCaller } from './caller-access.js'

export interface ForkRpcDeps {
  store: RepositoryStore
  protectedBranches: Pick<ProtectedBranchesStore, 'protectDefault'>
}

/** gitlab.projects.v1.RepositoryForkService: the suite's own call, once the projects service decided. */
export function repositoryForkService(
  server: GrpcServer,
  deps: ForkRpcDeps,
): RepositoryForkServiceServer {
  return {
    forkRepository: server.unary('ForkRepository', async (req) => {
      requireSystemCaller(req.caller)
      const { created, defaultBranch } = await deps.store.fork(
        req.sourceProjectId,
        req.targetProjectId,
      )
      if (!created) throw new ConflictError('Repository already exists')
      // A new project's default branch protection, as CreateRepository gives it.
      if (defaultBranch) {
        await deps.protectedBranches.protectDefault(req.targetProjectId, defaultBranch)
      }
      return { defaultBranch: defaultBranch ?? '' }
    }),
    fetchSourceBranch: server.unary('FetchSourceBranch', async (req) => {
      requireSystemCaller(req.caller)
      const headSha = await deps.store.fetchSourceBranch(
        req.sourceProjectId,
        req.sourceBranch,
        req.targetProjectId,
        req.mergeRequestIid,
      )
      return { headSha: headSha ?? '' }
    }),
  }
}
