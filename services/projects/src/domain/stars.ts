/**
 * Starring (lib/api/projects.rb: POST :id/star, POST :id/unstar, GET
 * :id/starrers). Whoever may read a project may star it (404 otherwise, as
 * user_project); starring twice, or unstarring a project not starred, is
 * 304 Not Modified. Signing in is required to star.
 */
import { NotFoundError, PreconditionError, UnauthenticatedError } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { IdentityPort, ProjectStore, Star, StarStore } from './ports.js'
import type { ProjectWithAccess } from './project-abilities.js'
import { callerMemberships, findReadable, withAccess } from './read-projects.js'

export interface StarDeps {
  store: StarStore
  projects: Pick<ProjectStore, 'findById' | 'findByFullPath'>
  identity: Pick<IdentityPort, 'memberships'>
}

/** FAILED_PRECONDITION reason not_modified: the gateway answers 304 with no body. */
function notModified(): PreconditionError {
  return new PreconditionError('304 Not Modified', 'not_modified')
}

async function readable(deps: StarDeps, caller: Caller, projectId: number) {
  const memberships = await callerMemberships(deps.identity, caller)
  const found = await findReadable(deps.projects, caller, { id: projectId }, memberships)
  return { found, memberships }
}

async function toggled(
  deps: StarDeps,
  caller: Caller,
  projectId: number,
  change: (userId: number) => Promise<boolean>,
): Promise<ProjectWithAccess> {
  const userId = caller.userId
  if (userId === undefined) throw new UnauthenticatedError()
  const { memberships } = await readable(deps, caller, projectId)
  if (!(await change(userId))) throw notModified()
  // Read again: star_count has moved.
  const project = await deps.projects.findById(projectId)
  if (!project) throw new NotFoundError('Project')
  return withAccess(project, caller, memberships)
}

/** Stars the project for the caller: the project with its new star_count. */
export function starProject(
  deps: StarDeps,
  caller: Caller,
  projectId: number,
): Promise<ProjectWithAccess> {
  return toggled(deps, caller, projectId, (userId) => deps.store.star(userId, projectId))
}

/** Removes the caller's star: the project with its new star_count. */
export function unstarProject(
  deps: StarDeps,
  caller: Caller,
  projectId: number,
): Promise<ProjectWithAccess> {
  return toggled(deps, caller, projectId, (userId) => deps.store.unstar(userId, projectId))
}

/** The stars of a project the caller may read, oldest first. */
export async function listStarrers(
  deps: StarDeps,
  caller: Caller,
  projectId: number,
): Promise<Star[]> {
  await readable(deps, caller, projectId)
  return deps.store.list(projectId)
}
