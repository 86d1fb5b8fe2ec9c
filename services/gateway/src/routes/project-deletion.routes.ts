import { AUTHENTICATED } from '../auth/abilities.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'

/**
 * lib/api/projects.rb: DELETE /projects/:id (authorize! :remove_project,
 * then Projects::DestroyService in the background): 202 {"message":"202
 * Accepted"}. The projects service marks the project (404 everywhere at
 * once) and its outbox carries the deletion to every service's workers.
 */
export function projectDeletionRoutes(api: ApiRouter, projects: ProjectsClients): void {
  api.delete('/projects/:id', {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'removeProject',
    params: { id: p.string().required() },
    status: 202,
    handle: async ({ caller, project }) => {
      await projects.deletions.write.deleteProject({ caller, projectId: project.id })
    },
    present: () => ({ message: '202 Accepted' }),
  })
}
