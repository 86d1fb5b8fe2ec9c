import { AUTHENTICATED } from '../auth/abilities.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import { requireField } from '../clients/require-field.js'
import { presentProject } from '../entities/project.entity.js'
import { projectRelatedIds } from '../entities/project-view.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'

/** A namespace id is all digits; anything else is a full path (find_namespace!). */
const NUMERIC_ID = /^\d{1,18}$/

/**
 * PUT /projects/:id/transfer (lib/api/projects.rb): signed in, the project
 * readable (404), change_namespace (its Owner, 403); the target namespace,
 * transfer_projects there and the move itself are the projects service's
 * (Projects::TransferService). Answers the Project entity at its new place.
 */
export function projectTransferRoutes(api: ApiRouter, projects: ProjectsClients): void {
  api.put('/projects/:id/transfer', {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'changeNamespace',
    params: { namespace: p.string().required() },
    handle: async ({ caller, params, project: current }) => {
      const target = params.namespace.trim()
      const { project } = await projects.ProjectTransferService.write.transferProject({
        caller,
        projectId: current.id,
        ...(NUMERIC_ID.test(target) ? { namespaceId: Number(target) } : { namespacePath: target }),
      })
      return { project: requireField(project, 'project') }
    },
    present: presentProject,
    related: projectRelatedIds,
  })
}
