import { NotFoundError } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { PageQuery, ProjectFilter } from './list-query.js'
import { projectAbilities, type ProjectWithAccess } from './project-abilities.js'
import { accessIn, effectiveFor, NO_MEMBERSHIPS, type Memberships } from './project-grant.js'
import type { Project } from './project.js'
import type { IdentityPort, ProjectStore } from './ports.js'

export type ProjectRef = { id: number } | { fullPath: string }

/** The caller's memberships: one identity call for a user, none for an anonymous caller. */
export async function callerMemberships(
  identity: Pick<IdentityPort, 'memberships'>,
  caller: Caller,
): Promise<Memberships> {
  return caller.userId === undefined ? NO_MEMBERSHIPS : identity.memberships(caller.userId)
}

/** A project with what the caller holds in it and the abilities the policy gives them. */
export function withAccess(
  project: Project,
  caller: Caller,
  memberships: Memberships,
): ProjectWithAccess {
  const access = accessIn(project, caller.userId, memberships)
  return {
    project,
    access: effectiveFor(caller, access),
    abilities: projectAbilities(project, caller, access),
  }
}

/** A project the caller may read (:read_project), else NotFound. */
export async function findReadable(
  store: Pick<ProjectStore, 'findById' | 'findByFullPath'>,
  caller: Caller,
  ref: ProjectRef,
  memberships: Memberships,
): Promise<ProjectWithAccess> {
  const project =
    'id' in ref ? await store.findById(ref.id) : await store.findByFullPath(ref.fullPath)
  if (!project) throw new NotFoundError('Project')
  const found = withAccess(project, caller, memberships)
  if (!found.abilities.readProject) throw new NotFoundError('Project')
  return found
}

/** GET /projects/:id: the project with the caller's access and abilities; 404 when it may not be read. */
export async function getProject(
  store: Pick<ProjectStore, 'findById' | 'findByFullPath'>,
  identity: Pick<IdentityPort, 'memberships'>,
  caller: Caller,
  ref: ProjectRef,
): Promise<ProjectWithAccess> {
  return findReadable(store, caller, ref, await callerMemberships(identity, caller))
}

/**
 * Projects by id, readable or not (for presenting related objects), each
 * with the caller's access and abilities: one membership lookup for all.
 */
export async function batchGetProjectsFor(
  store: Pick<ProjectStore, 'findMany'>,
  identity: Pick<IdentityPort, 'memberships'>,
  caller: Caller,
  ids: readonly number[],
): Promise<ProjectWithAccess[]> {
  const [projects, memberships] = await Promise.all([
    store.findMany([...ids]),
    callerMemberships(identity, caller),
  ])
  return projects.map((project) => withAccess(project, caller, memberships))
}

/** GET /projects: the visible projects matching the filter, with the caller's access in each. */
export async function listProjects(
  store: ProjectStore,
  identity: IdentityPort,
  caller: Caller,
  filter: ProjectFilter,
  page: PageQuery,
): Promise<{ projects: ProjectWithAccess[]; total: number | undefined; more: boolean }> {
  const memberships = await callerMemberships(identity, caller)
  const { projects, total, more } = await store.list(filter, { caller, memberships }, page)
  return {
    projects: projects.map((project) => withAccess(project, caller, memberships)),
    total,
    more,
  }
}
