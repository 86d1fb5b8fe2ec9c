import type { Caller, Project, User } from '@suite/proto'
import { TaggedCache, type Registry } from '@suite/runtime'
import type { IdentityClients } from './identity.client.js'
import { loadUsers } from './identity-lookups.js'
import { findProject } from './project-lookups.js'
import type { ProjectsClients } from './projects.client.js'

interface ProjectEntry {
  project: Project
  tags: readonly string[]
}

interface UserEntry {
  user: User
  tags: readonly string[]
}

/**
 * What the gateway asks the services on nearly every request, held in memory
 * and kept current by change events: each project as a caller sees it (with
 * their abilities), and users by id as a viewer sees them (with their
 * abilities on each). A project the caller may not read is never held: its
 * 404 is asked again each time.
 */
export interface ReadModels {
  projects: TaggedCache<ProjectEntry>
  users: TaggedCache<UserEntry>
}

export function createReadModels(options: {
  maxEntries: number
  stickyMs: number
  registry?: Registry
}): ReadModels {
  const common = { maxSize: options.maxEntries, sizeOf: () => 1, registry: options.registry }
  return {
    projects: new TaggedCache({ name: 'projects', stickyMs: options.stickyMs, ...common }),
    users: new TaggedCache({ name: 'users', ...common }),
  }
}

/** findProject through the read model: the caller's view of `id`, kept until the project or the caller changes. */
export async function findProjectThrough(
  models: ReadModels | undefined,
  projects: Pick<ProjectsClients, 'projects'>,
  caller: Caller,
  id: string,
  options: { license?: boolean; repository?: boolean } = {},
): Promise<Project> {
  if (!models) return findProject(projects, caller, id, options)
  const flags = `${options.license ? 1 : 0}${options.repository ? 1 : 0}`
  const key = `${caller.userId ?? 0}:${caller.admin ? 1 : 0}:${caller.scopes.join(' ')}:${flags}:${id}`
  const held = await models.projects.getOrFill(
    key,
    async () => {
      const project = await findProject(projects, caller, id, options)
      const viewer = caller.userId === undefined ? [] : [`u:${caller.userId}`]
      return { project, tags: [`p:${project.id}`, ...viewer] }
    },
    caller.userId,
  )
  return held.project
}

/**
 * loadUsers through the read model: one batch call for the users it does not
 * hold. Users are held per viewer (user id and admin flag), since each
 * carries the viewer's abilities on it; anonymous when `caller` is undefined.
 */
export async function loadUsersThrough(
  models: ReadModels | undefined,
  identity: Pick<IdentityClients, 'users'>,
  ids: readonly number[],
  caller?: Caller,
): Promise<Map<number, User>> {
  if (!models) return loadUsers(identity, ids, caller)
  const viewer = `${caller?.userId ?? 0}:${caller?.admin ? 1 : 0}`
  const viewerTags = caller?.userId === undefined ? [] : [`u:${caller.userId}`]
  const held = await models.users.getMany(
    ids.map((id) => `${viewer}:${id}`),
    async (missing) => {
      const missingIds = missing.map((key) => Number(key.slice(viewer.length + 1)))
      return [...(await loadUsers(identity, missingIds, caller)).values()].map((user) => ({
        key: `${viewer}:${user.id}`,
        value: { user, tags: [`u:${user.id}`, ...viewerTags] },
      }))
    },
  )
  return new Map(held.map(({ user }) => [user.id, user]))
}
