import { AUTHENTICATED } from '../auth/abilities.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { loadProjects } from '../clients/merge-request-lookups.js'
import type { PipelinesClients } from '../clients/pipelines.client.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import { presentBasicGroupDetails } from '../entities/basic-group-details.entity.js'
import { presentProjectSimple } from '../entities/project-simple.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import { inMemoryPage } from './in-memory-page.js'

export interface JobTokenScopeDeps {
  pipelines: Pick<PipelinesClients, 'jobTokens'>
  projects: Pick<ProjectsClients, 'projects'>
  identity: Pick<IdentityClients, 'groups'>
}

const SCOPE = '/projects/:id/job_token_scope'
const ALLOWLIST = `${SCOPE}/allowlist`
const GROUPS_ALLOWLIST = `${SCOPE}/groups_allowlist`

const projectParams = { id: p.string().required() }

/** Every route here: a token, the project, then admin_job_token_scope (lib/api's authorize_admin_project). */
const ACCESS = {
  ability: AUTHENTICATED,
  resolve: 'project',
  projectAbility: 'adminJobTokenScope',
} as const

/**
 * The CI_JOB_TOKEN scope of a project (lib/api/project_job_token_scope.rb;
 * Maintainer and up). ci-triggers keeps the inbound allowlist; the outbound
 * scope is gone (GitLab 18) and the inbound one is always enforced here.
 */
export function jobTokenScopeRoutes(api: ApiRouter, deps: JobTokenScopeDeps): void {
  const jobTokens = deps.pipelines.jobTokens

  api.get(SCOPE, {
    ...ACCESS,
    params: projectParams,
    handle: ({ caller, project }) => jobTokens.getJobTokenScope({ caller, projectId: project.id }),
    // Entities::ProjectJobTokenScope; the outbound scope is gone (GitLab 18).
    present: (scope) => ({ inbound_enabled: scope.inboundEnabled, outbound_enabled: false }),
  })

  api.patch(SCOPE, {
    ...ACCESS,
    params: { ...projectParams, enabled: p.bool().required() },
    handle: async ({ caller, project, params }) => {
      await jobTokens.updateJobTokenScope({
        caller,
        projectId: project.id,
        inboundEnabled: params.enabled,
      })
    },
  })

  api.list(ALLOWLIST, {
    ...ACCESS,
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
    ...ACCESS,
    params: { ...projectParams, target_project_id: p.int().required() },
    handle: ({ caller, project, params }) =>
      jobTokens.addToAllowlist({
        caller,
        projectId: project.id,
        targetProjectId: params.target_project_id,
      }),
    // Entities::ProjectScopeLink: the source is the project whose scope this is.
    present: (link) => ({
      source_project_id: link.sourceProjectId,
      target_project_id: link.targetProjectId,
    }),
  })

  api.delete(`${ALLOWLIST}/:target_project_id`, {
    ...ACCESS,
    params: { ...projectParams, target_project_id: p.int().required() },
    handle: async ({ caller, project, params }) => {
      await jobTokens.removeFromAllowlist({
        caller,
        projectId: project.id,
        targetProjectId: params.target_project_id,
      })
    },
  })

  api.list(GROUPS_ALLOWLIST, {
    ...ACCESS,
    params: projectParams,
    handle: async ({ caller, project, page }) => {
      const { groupIds } = await jobTokens.listGroupsAllowlist({ caller, projectId: project.id })
      // A group deleted since it was added is no longer shown.
      const { groups } = await deps.identity.groups.read.batchGetGroups({ ids: groupIds })
      const byId = new Map(groups.map((group) => [group.id, group]))
      return inMemoryPage(
        groupIds.flatMap((id) => byId.get(id) ?? []),
        page,
      )
    },
    present: presentBasicGroupDetails,
  })

  api.post(GROUPS_ALLOWLIST, {
    ...ACCESS,
    params: { ...projectParams, target_group_id: p.int().required() },
    handle: ({ caller, project, params }) =>
      jobTokens.addGroupToAllowlist({
        caller,
        projectId: project.id,
        targetGroupId: params.target_group_id,
      }),
    // Entities::GroupScopeLink
    present: (link) => ({
      source_project_id: link.sourceProjectId,
      target_group_id: link.targetGroupId,
    }),
  })

  api.delete(`${GROUPS_ALLOWLIST}/:target_group_id`, {
    ...ACCESS,
    params: { ...projectParams, target_group_id: p.int().required() },
    handle: async ({ caller, project, params }) => {
      await jobTokens.removeGroupFromAllowlist({
        caller,
        projectId: project.id,
        targetGroupId: params.target_group_id,
      })
    },
  })
}
