import type { RepositoryServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { branchHandlers } from './branch-rpc.js'
import { commitChangeHandlers } from './commit-change-rpc.js'
import { commitHandlers } from './commit-rpc.js'
import { mergeRequestHandlers } from './merge-request-rpc.js'
import { repositoryAdminHandlers } from './repository-admin-rpc.js'
import { repositoryContext, type RepositoryDeps } from './repository-context.js'
import { tagHandlers } from './tag-rpc.js'

/**
 * gitlab.projects.v1.RepositoryService: one handler group per area, each
 * decoding, calling the git layer and the domain rules, and encoding.
 */
export function repositoryService(
  server: GrpcServer,
  deps: RepositoryDeps,
): RepositoryServiceServer {
  const context = repositoryContext(deps)
  return {
    ...repositoryAdminHandlers(server, context),
    ...branchHandlers(server, context),
    ...commitHandlers(server, context),
    ...commitChangeHandlers(server, context),
    ...tagHandlers(server, context),
    ...mergeRequestHandlers(server, context),
  }
}
