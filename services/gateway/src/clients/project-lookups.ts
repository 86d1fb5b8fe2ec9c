/**
 * Project resolution for every `/projects/:id/...` route.
 *
 *   findProject(projects: Pick<ProjectsClients, 'projects'>, caller: Caller, id: string): Promise<Project>
 *
 * `id` is the route's `:id` as Express gives it (a numeric id, or a full path
 * such as `group/sub/project`, already percent-decoded). The answer carries
 * the caller's abilities in the project in `project.abilities`, decided by the
 * projects service's policy (membership, inherited group membership, custom
 * roles, visibility, feature access levels, admin, token scopes). A project
 * that does not exist or that the caller may not read throws GitLab's 404
 * `{"message":"404 Project Not Found"}`.
 *
 * Routes can instead declare `resolve: 'project'` (route-spec.ts): the handler
 * then gets `project`, `caller.project` carries the abilities, and
 * `projectAbility` names the one the route needs (403 without it).
 * `options.license` asks for the recognised license (GET /projects/:id?license=true);
 * `options.repository` for the repository's facts (project.repository), which
 * are left out otherwise.
 */
import { status } from '@grpc/grpc-js'
import type { Caller, Project, ProjectRef } from '@suite/proto'
import { isServiceError } from '@suite/runtime'
import { notFound } from '../errors/http-error.js'
import { hasNul, saturatingInteger } from '../params/coercions.js'
import type { ProjectsClients } from './projects.client.js'

/** `:id` of a project path: a numeric id or a full path. */
export function projectRef(id: string): ProjectRef {
  return /^\d+$/.test(id) ? { id: saturatingInteger(id) } : { fullPath: id }
}

/** The project named by `:id` with the caller's abilities in it, else 404 Project Not Found. */
export async function findProject(
  projects: Pick<ProjectsClients, 'projects'>,
  caller: Caller,
  id: string,
  options: { license?: boolean; repository?: boolean } = {},
): Promise<Project> {
  if (hasNul(id) || id === '') throw notFound('Project')
  try {
    const { project } = await projects.projects.read.getProject({
      caller,
      project: projectRef(id),
      includeLicense: options.license ?? false,
      // Most callers only resolve `:id`; the repository's facts cost git commands.
      skipRepository: options.repository !== true,
    })
    if (!project) throw notFound('Project')
    return project
  } catch (error) {
    if (isServiceError(error) && error.code === status.NOT_FOUND) throw notFound('Project')
    throw error
  }
}
