import type { ProjectTransferServiceServer, TransferProjectRequest } from '@suite/proto'
import { InvalidError, type GrpcServer } from '@suite/runtime'
import type { RepositoryClient } from '../clients/repository.js'
import type { Ports, ProjectStore } from '../domain/ports.js'
import { transferProject, type NamespaceTarget } from '../domain/transfer-project.js'
import { toCaller } from './from-proto.js'
import { toProjectMessage } from './to-proto.js'

export interface ProjectTransferRpcDeps {
  store: ProjectStore
  ports: Ports & { repository: Pick<RepositoryClient, 'info'> }
  /** Wakes the access facts relay after the transfer queued them. */
  onAccessFactsQueued: () => void
}

function targetOf(req: TransferProjectRequest): NamespaceTarget {
  if (req.namespaceId !== undefined) return { id: req.namespaceId }
  if (req.namespacePath !== undefined) return { fullPath: req.namespacePath }
  throw new InvalidError({}, 'namespace is missing')
}

/** gitlab.projects.v1.ProjectTransferService */
export function projectTransferService(
  server: GrpcServer,
  deps: ProjectTransferRpcDeps,
): ProjectTransferServiceServer {
  return {
    transferProject: server.unary('TransferProject', async (req: TransferProjectRequest) => {
      const moved = await transferProject(
        deps.store,
        deps.ports,
        toCaller(req.caller),
        req.projectId,
        targetOf(req),
      )
      deps.onAccessFactsQueued()
      const info = await deps.ports.repository.info([moved.project.id], { license: false })
      return { project: toProjectMessage(moved.project, moved, info.get(moved.project.id)) }
    }),
  }
}
