import type { StarServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import type { RepositoryClient } from '../clients/repository.js'
import type { ProjectWithAccess } from '../domain/project-abilities.js'
import { listStarrers, starProject, unstarProject, type StarDeps } from '../domain/stars.js'
import { toCaller } from './from-proto.js'
import { toProjectMessage } from './to-proto.js'

export interface StarRpcDeps extends StarDeps {
  repository: Pick<RepositoryClient, 'info'>
}

/** gitlab.projects.v1.StarService */
export function starService(server: GrpcServer, deps: StarRpcDeps): StarServiceServer {
  /** The project as POST :id/star presents it (Entities::Project, with its repository). */
  async function present(found: ProjectWithAccess) {
    const info = await deps.repository.info([found.project.id], { license: false })
    return toProjectMessage(found.project, found, info.get(found.project.id))
  }

  return {
    starProject: server.unary('StarProject', async (req) => ({
      project: await present(await starProject(deps, toCaller(req.caller), req.projectId)),
    })),
    unstarProject: server.unary('UnstarProject', async (req) => ({
      project: await present(await unstarProject(deps, toCaller(req.caller), req.projectId)),
    })),
    listStarrers: server.unary('ListStarrers', async (req) => ({
      stars: (await listStarrers(deps, toCaller(req.caller), req.projectId)).map((star) => ({
        userId: star.userId,
        createdAt: star.createdAt,
      })),
    })),
  }
}
