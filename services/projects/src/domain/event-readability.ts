import type { ProjectsStore } from '../store/projects.store.js'
import type { ProjectReadability } from './list-events.js'
import type { IdentityPort } from './ports.js'
import { accessIn, canRead, NO_MEMBERSHIPS } from './policy.js'

/**
 * Which projects a caller may read, by the projects domain's own rule
 * (ProjectPolicy :read_project): one membership lookup and one query for
 * the whole set.
 */
export function projectReadability(
  store: Pick<ProjectsStore, 'findMany'>,
  identity: Pick<IdentityPort, 'memberships'>,
): ProjectReadability {
  return {
    async readable(caller, projectIds) {
      const [projects, memberships] = await Promise.all([
        store.findMany(projectIds),
        caller.userId === undefined ? NO_MEMBERSHIPS : identity.memberships(caller.userId),
      ])
      return projects.flatMap((project) => {
        const access = accessIn(project, caller.userId, memberships)
        return canRead(project, caller, access.level)
          ? [{ projectId: project.id, accessLevel: access.level }]
          : []
      })
    },
  }
}
