import type { NamespaceProjectsServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { syncNamespaces, type NamespaceProjectsDeps } from '../domain/namespace-projects.js'

/** gitlab.projects.v1.NamespaceProjectsService (identity's calls only). */
export function namespaceProjectsService(
  server: GrpcServer,
  deps: NamespaceProjectsDeps,
): NamespaceProjectsServiceServer {
  return {
    getNamespaceProjectsVisibility: server.unary('GetNamespaceProjectsVisibility', async (req) => {
      const [level, taken] = await Promise.all([
        deps.store.maxVisibility(req.namespaceId),
        req.projectPath === undefined
          ? Promise.resolve(false)
          : deps.store.pathTaken(req.namespaceId, req.projectPath),
      ])
      return {
        maxVisibilityLevel: level ?? 0,
        hasProjects: level !== undefined,
        projectPathTaken: taken,
      }
    }),
    syncNamespaces: server.unary('SyncNamespaces', async (req) => ({
      projectsChanged: await syncNamespaces(
        deps,
        req.namespaces.map((n) => ({
          id: n.id,
          fullPath: n.fullPath,
          fullName: n.fullName,
          parentId: n.parentId ?? null,
          traversalIds: [...n.traversalIds],
          visibilityLevel: n.visibilityLevel,
        })),
      ),
    })),
  }
}
