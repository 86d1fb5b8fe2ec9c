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

/** Users through the read model under `viewer`'s keys, asking identity as `caller` for the rest. */
async function heldUsers(
  models: ReadModels,
  identity: Pick<IdentityClients, 'users'>,
  ids: readonly number[],
  viewer: { key: string; caller: Caller | undefined; tags: string[] },
): Promise<User[]> {
  const prefix = `${viewer.key}:`
  const held = await models.users.getMany(
    ids.map((id) => `${prefix}${id}`),
    async (missing) => {
      const missingIds = missing.map((key) => Number(key.slice(prefix.length)))
      return [...(await loadUsers(identity, missingIds, viewer.caller)).values()].map((user) => ({
        key: `${prefix}${user.id}`,
        value: { user, tags: [`u:${user.id}`, ...viewer.tags] },
      }))
    },
  )
  return held.map(({ user }) => user)
}

/**
 * loadUsers through the read model: one batch call for the users it does not
 * hold. Each user carries identity's answer to what the viewer may read of it
 * (user.abilities). Users are held once for everyone, as an anonymous viewer
 * sees them: a profile anonymous may read, every viewer may (more privilege
 * never reads less). Only a user whose profile that answer hides (a private
 * profile) is asked for again as this viewer, and held per viewer: the
 * first read of each viewer costs no call for everyone else's users.
 */
export async function loadUsersThrough(
  models: ReadModels | undefined,
  identity: Pick<IdentityClients, 'users'>,
  ids: readonly number[],
  caller?: Caller,
): Promise<Map<number, User>> {
  if (!models) return loadUsers(identity, ids, caller)
  const shared = await heldUsers(models, identity, ids, {
    key: 'anonymous',
    caller: undefined,
    tags: [],
  })
  const found = new Map(shared.map((user) => [user.id, user]))
  const hidden = shared.filter((user) => !user.abilities?.readUserProfile).map((user) => user.id)
  if (caller?.userId === undefined || hidden.length === 0) return found
  const own = await heldUsers(models, identity, hidden, {
    key: `${caller.userId}:${caller.admin ? 1 : 0}`,
    caller,
    tags: [`u:${caller.userId}`],
  })
  for (const user of own) found.set(user.id, user)
  return found
}
