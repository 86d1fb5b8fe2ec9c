import { AUTHENTICATED } from '../auth/abilities.js'
import { loadProjects } from '../clients/merge-request-lookups.js'
import type { PipelinesClients } from '../clients/pipelines.client.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import { presentProjectSimple } from '../entities/project-simple.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import { inMemoryPage } from './in-memory-page.js'

export interface JobTokenScopeDeps {
  pipelines: Pick<PipelinesClients, 'jobTokens'>
  projects: Pick<ProjectsClients, 'projects'>
}

const SCOPE = '/projects/:id/job_token_scope'
const ALLOWLIST = `${SCOPE}/allowlist`

const projectParams = { id: p.string().required() }

/**
 * The CI_JOB_TOKEN scope of a project (lib/api/project_job_token_scope.rb;
 * Maintainer and up). ci-triggers keeps the inbound allowlist; the outbound
 * scope is gone (GitLab 18) and the inbound one is always enforced here.
 */
export function jobTokenScopeRoutes(api: ApiRouter, deps: JobTokenScopeDeps): void {
  const jobTokens = deps.pipelines.jobTokens

  api.get(SCOPE, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'adminJobTokenScope',
    params: projectParams,
    handle: () => Promise.resolve({ inbound: true }),
    // Entities::ProjectJobTokenScope
    present: ({ inbound }) => ({ inbound_enabled: inbound, outbound_enabled: false }),
  })

  api.list(ALLOWLIST, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'adminJobTokenScope',
    params: projectParams,
    handle: async ({ caller, project, page }) => {
      const { projectIds } = await jobTokens.listAllowlist({ caller, projectId: project.id })
      // GitLab's inbound list starts with the project itself, which is always allowed.
      const ids = [project.id, ...projectIds.filter((id) => id !== project.id)]
      const shown = inMemoryPage(ids, page)
      const others = await loadProjects(
        deps.projects,
        shown.items.filter((id) => id !== project.id),
      )
      const items = shown.items.flatMap((id) =>
        id === project.id ? [project] : (others.get(id) ?? []),
      )
      return { items, total: shown.total }
    },
    present: (project, ctx) => presentProjectSimple({ project }, ctx),
  })

  api.post(ALLOWLIST, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'adminJobTokenScope',
    params: { ...projectParams, target_project_id: p.int().required() },
    handle: ({ caller, project, params }) =>
      jobTokens.addToAllowlist({
        caller,
        projectId: project.id,
        targetProjectId: params.target_project_id,
      }),
    present: (link) => ({
      source_project_id: link.sourceProjectId,
      target_project_id: link.targetProjectId,
    }),
  })

  api.delete(`${ALLOWLIST}/:target_project_id`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'adminJobTokenScope',
    params: { ...projectParams, target_project_id: p.int().required() },
    handle: async ({ caller, project, params }) => {
      await jobTokens.removeFromAllowlist({
        caller,
        projectId: project.id,
        targetProjectId: params.target_project_id,
      })
    },
  })
}
