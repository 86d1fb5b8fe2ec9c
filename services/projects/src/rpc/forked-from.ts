import type { Project as ProjectMessage } from '@suite/proto'
import type { Caller } from '../domain/caller.js'
import type { ProjectWithAccess } from '../domain/project-abilities.js'
import type { IdentityPort, ProjectStore } from '../domain/ports.js'
import { callerMemberships, withAccess } from '../domain/read-projects.js'
import { toProjectMessage } from './to-proto.js'

/**
 * Sets forked_from_project on the messages of forks whose upstream the caller
 * may read (Entities::Project's `if: can?(:read_project, forked_from_project)`),
 * with one read of the upstreams and one of the caller's memberships.
 */
export async function withUpstreams(
  messages: ProjectMessage[],
  items: readonly ProjectWithAccess[],
  deps: { store: Pick<ProjectStore, 'findMany'>; identity: Pick<IdentityPort, 'memberships'> },
  caller: Caller,
): Promise<ProjectMessage[]> {
  const ids = [...new Set(items.flatMap(({ project }) => project.forkedFromProjectId ?? []))]
  if (ids.length === 0) return messages
  const [upstreams, memberships] = await Promise.all([
    deps.store.findMany(ids),
    callerMemberships(deps.identity, caller),
  ])
  const readable = new Map(
    upstreams.flatMap((upstream) => {
      const found = withAccess(upstream, caller, memberships)
      return found.abilities.readProject
        ? [[upstream.id, toProjectMessage(upstream, found, undefined)] as const]
        : []
    }),
  )
  return messages.map((message) => {
    const upstream =
      message.forkedFromProjectId === undefined
        ? undefined
        : readable.get(message.forkedFromProjectId)
    return upstream ? { ...message, forkedFromProject: upstream } : message
  })
}
