import type { RepositoryServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { newRepository } from '../domain/new-repository.js'
import { setDefaultBranch } from '../git/branches.js'
import { keepPipelineRef } from '../git/pipeline-refs.js'
import { readRepositoryInfo } from '../git/repository-info.js'
import { readRepositoryInfos } from '../git/repository-infos.js'
import { requireSystemCaller } from './caller-access.js'
import type { RepositoryContext } from './repository-context.js'
import { repositoryInfoToProto } from './to-proto.js'

type AdminHandlers = Pick<
  RepositoryServiceServer,
  | 'createRepository'
  | 'getRepositoryInfo'
  | 'batchGetRepositoryInfo'
  | 'deleteRepository'
  | 'setDefaultBranch'
  | 'keepPipelineRef'
>

/** The suite's own calls (a system caller only): a repository's life, facts, default branch and kept refs. */
export function repositoryAdminHandlers(
  server: GrpcServer,
  { deps, existing }: RepositoryContext,
): AdminHandlers {
  const { store } = deps
  return {
    createRepository: server.unary('CreateRepository', async (req) => {
      requireSystemCaller(req.caller)
      const { branch, format } = newRepository(req.defaultBranch, req.objectFormat)
      const created = await store.create(req.projectId, branch, format)
      // GitLab's default branch protection: Maintainers push and merge, no force push.
      await deps.protectedBranches.protectDefault(req.projectId, branch)
      return { created }
    }),
    getRepositoryInfo: server.unary('GetRepositoryInfo', async (req) => {
      requireSystemCaller(req.caller)
      return repositoryInfoToProto(await readRepositoryInfo(store.repo(req.projectId)))
    }),
    batchGetRepositoryInfo: server.unary('BatchGetRepositoryInfo', async (req) => {
      requireSystemCaller(req.caller)
      const infos = await readRepositoryInfos(store, deps.logger, req.projectIds, {
        license: req.includeLicense,
      })
      return {
        repositories: infos.map(({ projectId, info }) => ({
          projectId,
          info: repositoryInfoToProto(info),
        })),
      }
    }),
    deleteRepository: server.unary('DeleteRepository', async (req) => {
      requireSystemCaller(req.caller)
      return { deleted: await store.delete(req.projectId) }
    }),
    setDefaultBranch: server.unary('SetDefaultBranch', async (req) => {
      requireSystemCaller(req.caller)
      await setDefaultBranch(await existing(req.projectId), req.name)
      return {}
    }),
    keepPipelineRef: server.unary('KeepPipelineRef', async (req) => {
      requireSystemCaller(req.caller)
      await keepPipelineRef(await existing(req.projectId), req.pipelineId, req.sha)
      return {}
    }),
  }
}
