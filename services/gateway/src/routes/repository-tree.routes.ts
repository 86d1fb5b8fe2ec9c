import type { TreeEntry } from '@suite/proto'
import { PUBLIC } from '../auth/abilities.js'
import type { RepositoryClients } from '../clients/repository.client.js'
import { presentTreeObject } from '../entities/tree-object.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'

/**
 * lib/api/repositories.rb GET /tree: one directory of a ref (the default
 * branch when none), paginated by offset; 404 Tree Not Found when the ref or
 * the directory does not exist (the repository role answers both).
 */
export function repositoryTreeRoutes(api: ApiRouter, clients: RepositoryClients): void {
  const { repository } = clients

  api.list('/projects/:id/repository/tree', {
    ability: PUBLIC,
    resolve: 'project',
    requireRepository: true,
    projectAbility: 'readCode',
    params: {
      id: p.string().required(),
      ref: p.string(),
      path: p.string(),
      recursive: p.bool().default(false),
    },
    handle: async ({ caller, project, params, page }) => {
      const answer = await repository.read.listTree({
        projectId: project.id,
        ref: params.ref ?? '',
        path: params.path ?? '',
        recursive: params.recursive,
        page,
        caller,
      })
      return { items: answer.entries, total: answer.pageInfo?.total ?? answer.entries.length }
    },
    present: (entry: TreeEntry) => presentTreeObject(entry),
  })
}
