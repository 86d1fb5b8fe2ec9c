import type {
  DeleteProjectRequest,
  DeleteProjectResponse,
  ProjectDeletionServiceServer,
} from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { deleteProject, type DeletionMark } from '../domain/delete-project.js'
import type { IdentityPort } from '../domain/ports.js'
import type { ProjectsStore } from '../store/projects.store.js'
import { toCaller } from './from-proto.js'

export interface DeletionRpcDeps {
  projects: ProjectsStore
  mark: DeletionMark
  identity: Pick<IdentityPort, 'memberships'>
  /** Called after a deletion was written (wakes the outbox relay). */
  onDeletionQueued: () => void
}

/** gitlab.projects.v1.ProjectDeletionService */
export function projectDeletionService(
  server: GrpcServer,
  deps: DeletionRpcDeps,
): ProjectDeletionServiceServer {
  return {
    deleteProject: server.unary(
      'DeleteProject',
      async (req: DeleteProjectRequest): Promise<DeleteProjectResponse> => {
        await deleteProject(
          deps.projects,
          deps.mark,
          deps.identity,
          toCaller(req.caller),
          req.projectId,
        )
        deps.onDeletionQueued()
        return {}
      },
    ),
  }
}
