import { NotFoundError } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { PageQuery, ProjectFilter } from './list-query.js'
import { accessIn, canRead, effectiveFor, NO_MEMBERSHIPS, type Memberships } from './policy.js'
import type { ProjectWithAccess } from './project.js'
import type { IdentityPort } from './ports.js'
import type { ProjectsStore } from '../store/projects.store.js'

export type ProjectRef = { id: number } | { fullPath: string }

export async function callerMemberships(
  identity: IdentityPort,
  caller: Caller,
): Promise<Memberships> {
  return caller.userId === undefined ? NO_MEMBERSHIPS : identity.memberships(caller.userId)
}

/** GET /projects/:id: the project with the caller's access; 404 when it may not be read. */
export async function getProject(
  store: ProjectsStore,
  identity: IdentityPort,
  caller: Caller,
  ref: ProjectRef,
): Promise<ProjectWithAccess> {
  const project =
    'id' in ref ? await store.findById(ref.id) : await store.findByFullPath(ref.fullPath)
  if (!project) throw new NotFoundError('Project')
  const access = accessIn(project, caller.userId, await callerMemberships(identity, caller))
  if (!canRead(project, caller, access.level)) throw new NotFoundError('Project')
  return { project, access: effectiveFor(caller, access) }
}

/** GET /projects: the visible projects matching the filter, with the caller's access in each. */
export async function listProjects(
  store: ProjectsStore,
  identity: IdentityPort,
  caller: Caller,
  filter: ProjectFilter,
  page: PageQuery,
): Promise<{ projects: ProjectWithAccess[]; total: number | undefined; more: boolean }> {
  const memberships = await callerMemberships(identity, caller)
  const { projects, total, more } = await store.list(filter, { caller, memberships }, page)
  return {
    projects: projects.map((project) => ({
      project,
      access: effectiveFor(caller, accessIn(project, caller.userId, memberships)),
    })),
    total,
    more,
  }
}
