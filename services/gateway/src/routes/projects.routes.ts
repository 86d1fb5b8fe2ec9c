import { ADMIN, AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import { findUserByIdOrUsername } from '../clients/identity-lookups.js'
import type { IdentityClients } from '../clients/identity.client.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import { requireField } from '../clients/require-field.js'
import { presentProject } from '../entities/project.entity.js'
import { projectRelatedIds } from '../entities/project-view.js'
import { notFound } from '../errors/http-error.js'
import { p } from '../params/coercions.js'
import { listParams } from '../params/project-list.js'
import { avatarUpload } from '../params/project-avatar.js'
import { createProjectRequest } from '../params/project-create-request.js'
import { createParams, createRules, updateParams } from '../params/project-settings.js'
import { settingsInput } from '../params/project-settings-input.js'
import type { ApiRouter } from './api-router.js'
import { listProjects, presentListed, type ListedProject } from './list-projects.js'

/**
 * POST /projects/user/:user_id declares the creation attributes but not
 * container_expiration_policy_attributes nor template_project_id: there they
 * are ignored, as any undeclared parameter.
 */
const {
  container_expiration_policy_attributes: _policy,
  template_project_id: _templateProject,
  ...createForUserParams
} = createParams

/** lib/api/projects.rb: read, list, create and edit projects. */
export function projectRoutes(
  api: ApiRouter,
  identity: IdentityClients,
  projects: ProjectsClients,
): void {
  api.list('/projects', {
    ability: PUBLIC,
    params: listParams,
    handle: ({ principal, caller, page, params }) =>
      listProjects(projects, principal, caller, page, params),
    present: presentListed,
    related: projectRelatedIds,
  })

  api.list('/users/:user_id/projects', {
    ability: PUBLIC,
    params: { ...listParams, user_id: p.string().required() },
    handle: async ({ principal, caller, page, params }) => {
      const user = await findUserByIdOrUsername(identity, caller, params.user_id)
      // No projects without :read_user_profile (identity's UserPolicy: a private
      // profile's projects show only to the user and admins).
      if (!user.abilities?.readUserProfile) return { items: [], total: 0 }
      return listProjects(projects, principal, caller, page, params, {
        userNamespaceOwnerId: user.id,
      })
    },
    present: presentListed,
    related: projectRelatedIds,
  })

  api.get('/projects/:id', {
    cache: true,
    ability: PUBLIC,
    resolve: 'project',
    projectRepository: true,
    params: {
      license: p.bool().default(false),
      statistics: p.bool().default(false),
      with_custom_attributes: p.bool().default(false),
    },
    handle: ({ principal, project, params }) =>
      Promise.resolve<ListedProject>({
        project,
        statistics: params.statistics,
        license: params.license,
        // An anonymous caller of a public project sees BasicProjectDetails.
        simple: !principal.user,
      }),
    present: presentListed,
    related: projectRelatedIds,
  })

  api.post('/projects', {
    ability: AUTHENTICATED,
    params: createParams,
    rules: [{ kind: 'at_least_one_of', names: ['name', 'path'] }, ...createRules],
    handle: async ({ caller, params }) => {
      const { project } = await projects.projects.write.createProject(
        createProjectRequest(caller, params, undefined),
      )
      return { project: requireField(project, 'project') }
    },
    present: presentProject,
    related: projectRelatedIds,
  })

  api.post('/projects/user/:user_id', {
    ability: ADMIN,
    // lib/api/projects.rb: `requires :name` on this endpoint.
    params: { user_id: p.int().required(), ...createForUserParams, name: p.string().required() },
    rules: [{ kind: 'mutually_exclusive', names: ['import_url', 'template_name'] }],
    handle: async ({ caller, params }) => {
      const { users } = await identity.users.read.batchGetUsers({ ids: [params.user_id] })
      if (!users[0]) throw notFound('User')
      const { project } = await projects.projects.write.createProject(
        createProjectRequest(caller, params, params.user_id),
      )
      return { project: requireField(project, 'project') }
    },
    present: presentProject,
    related: projectRelatedIds,
  })

  api.put('/projects/:id', {
    ability: AUTHENTICATED,
    resolve: 'project',
    // authorize_admin_project; renaming and visibility need more, which the projects service checks.
    projectAbility: 'adminProject',
    params: updateParams,
    rules: [
      {
        kind: 'at_least_one_of',
        names: Object.keys(updateParams),
      },
    ],
    handle: async ({ caller, params, project: current }) => {
      const { project } = await projects.projects.write.updateProject({
        caller,
        id: current.id,
        settings: settingsInput(params),
        importUrl: params.import_url,
        avatar: avatarUpload(params.avatar),
        removeAvatar: params.avatar === 'remove',
      })
      return { project: requireField(project, 'project') }
    },
    present: presentProject,
    related: projectRelatedIds,
  })
}
