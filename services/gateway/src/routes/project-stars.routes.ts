import type { Star } from '@suite/proto'
import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { findUserByIdOrUsername, loadUsers } from '../clients/identity-lookups.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import { requireField } from '../clients/require-field.js'
import { presentProject } from '../entities/project.entity.js'
import { projectRelatedIds } from '../entities/project-view.js'
import { presentUserStarsProject } from '../entities/user-stars-project.entity.js'
import { p } from '../params/coercions.js'
import { listParams } from '../params/project-list.js'
import type { ApiRouter } from './api-router.js'
import { inMemoryPage } from './in-memory-page.js'
import { listProjects, presentListed } from './list-projects.js'

const projectParams = { id: p.string().required() }

/** User.search as the starrers' search uses it: name or username containing the text, or the exact email. */
function matches(
  user: { name: string; username: string; email?: string | undefined },
  search: string,
) {
  const text = search.toLowerCase()
  return (
    user.name.toLowerCase().includes(text) ||
    user.username.toLowerCase().includes(text) ||
    user.email?.toLowerCase() === text
  )
}

/**
 * lib/api/projects.rb: POST :id/star and :id/unstar (201 with the project,
 * 304 when nothing changes; the projects service decides who may star) and
 * GET :id/starrers (UsersStarProjectsFinder: searched by user, profiles the
 * caller may not read left out, as identity's read_user_profile says), and
 * GET /users/:user_id/starred_projects (StarredProjectsFinder).
 */
export function projectStarRoutes(
  api: ApiRouter,
  identity: IdentityClients,
  projects: ProjectsClients,
): void {
  const stars = projects.stars

  for (const action of ['star', 'unstar'] as const) {
    api.post(`/projects/:id/${action}`, {
      ability: AUTHENTICATED,
      resolve: 'project',
      params: projectParams,
      entity: 'Project',
      handle: async ({ caller, project: current }) => {
        const request = { caller, projectId: current.id }
        const { project } =
          action === 'star'
            ? await stars.write.starProject(request)
            : await stars.write.unstarProject(request)
        return { project: requireField(project, 'project') }
      },
      present: presentProject,
      related: projectRelatedIds,
    })
  }

  api.list('/projects/:id/starrers', {
    ability: PUBLIC,
    resolve: 'project',
    params: { ...projectParams, search: p.string() },
    entity: 'UserStarsProject',
    handle: async ({ caller, project, page, params }) => {
      const answer = await stars.read.listStarrers({ caller, projectId: project.id })
      const users = await loadUsers(
        identity,
        answer.stars.map((star) => star.userId),
        caller,
      )
      const visible = answer.stars.filter((star: Star) => {
        const user = users.get(star.userId)
        if (!user?.abilities?.readUserProfile) return false
        return params.search ? matches(user, params.search) : true
      })
      return inMemoryPage(visible, page)
    },
    related: (star: Star) => [star.userId],
    present: presentUserStarsProject,
  })

  api.list('/users/:user_id/starred_projects', {
    ability: PUBLIC,
    params: { ...listParams, user_id: p.string().required() },
    handle: async ({ principal, caller, page, params }) => {
      const user = await findUserByIdOrUsername(identity, caller, params.user_id)
      // StarredProjectsFinder: none without :read_user_profile (a private profile's stars).
      if (!user.abilities?.readUserProfile) return { items: [], total: 0 }
      return listProjects(projects, principal, caller, page, params, { starredByUserId: user.id })
    },
    present: presentListed,
    related: projectRelatedIds,
  })
}
