import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import { requireField } from '../clients/require-field.js'
import { presentProject } from '../entities/project.entity.js'
import { projectRelatedIds } from '../entities/project-view.js'
import { p } from '../params/coercions.js'
import { listParams } from '../params/project-list.js'
import type { ApiRouter } from './api-router.js'
import { listProjects, presentListed } from './list-projects.js'

/** The deprecated `namespace`: an id when all digits, else a path (find_namespace!). */
const NUMERIC_ID = /^\d{1,18}$/

/**
 * lib/api/projects.rb: POST :id/fork (signed in; fork_project, the target
 * namespace and the copy are the projects service's, Projects::ForkService)
 * answering the fork as the Project entity with forked_from_project; GET
 * :id/forks lists the forks the caller can see with the projects list's
 * filters.
 */
export function projectForkRoutes(api: ApiRouter, projects: ProjectsClients): void {
  api.post('/projects/:id/fork', {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: {
      namespace: p.string(),
      namespace_id: p.int(),
      namespace_path: p.string(),
      path: p.string(),
      name: p.string(),
      description: p.string(),
      visibility: p.string().values(['private', 'internal', 'public']),
      mr_default_target_self: p.bool(),
    },
    handle: async ({ caller, params, project: upstream }) => {
      const legacy = params.namespace?.trim()
      const legacyId = legacy !== undefined && NUMERIC_ID.test(legacy) ? Number(legacy) : undefined
      const { project } = await projects.ProjectForkService.write.forkProject({
        caller,
        projectId: upstream.id,
        namespaceId: params.namespace_id ?? legacyId,
        namespacePath:
          params.namespace_id === undefined
            ? (params.namespace_path ?? (legacyId === undefined ? legacy : undefined))
            : undefined,
        name: params.name,
        path: params.path,
        description: params.description,
        visibility: params.visibility,
      })
      return { project: requireField(project, 'project') }
    },
    present: presentProject,
    related: projectRelatedIds,
  })

  api.list('/projects/:id/forks', {
    ability: PUBLIC,
    resolve: 'project',
    params: listParams,
    handle: ({ principal, caller, page, params, project }) =>
      listProjects(projects, principal, caller, page, params, {
        forkedFromProjectId: project.id,
      }),
    present: presentListed,
    related: projectRelatedIds,
  })
}
