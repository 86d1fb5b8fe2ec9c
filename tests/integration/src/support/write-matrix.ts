/**
 * What the write permission matrices share: the kinds of caller, their users,
 * the members of each fixture project and group, and GitLab's order of
 * answers to a write (authenticate, then find what the caller may read, then
 * the route's ability).
 */
import { addMember, createGroup, createUserWithToken, type UserWithToken } from './factories'
import type { Params } from './api'
import { FORBIDDEN, notFound, UNAUTHORIZED } from './gitlab-errors'
import { addProjectMember, createProject } from './projects'
import { MEMBER_ROLES } from './resource-fixture'
import type { Visibility } from './resource-oracle'
import { rootToken } from './suite-state'
import { GUEST, OWNER, REPORTER, type GroupJson, type ProjectJson } from './types'

export { MEMBER_ROLES, VISIBILITIES } from './resource-fixture'
export type { Visibility } from './resource-oracle'

export type Role = 'anonymous' | 'non-member' | (typeof MEMBER_ROLES)[number][0] | 'owner' | 'admin'
export const ROLES: readonly Role[] = [
  'anonymous',
  'non-member',
  ...MEMBER_ROLES.map(([role]) => role),
  'owner',
  'admin',
]

/** The caller's level as GitLab's policies count it: an administrator is treated as Owner. */
export function levelOf(role: Role): number {
  if (role === 'owner' || role === 'admin') return OWNER
  return MEMBER_ROLES.find(([r]) => r === role)?.[1] ?? 0
}

/** read_project / read_group: public for anyone, internal for the signed-in, private for members. */
export function readable(role: Role, visibility: Visibility): boolean {
  if (visibility === 'public') return true
  if (visibility === 'internal') return role !== 'anonymous'
  return levelOf(role) >= GUEST
}

/** read_code (download_code): what public_access gives, or Reporter of a private project. */
export function readsCode(role: Role, visibility: Visibility): boolean {
  return readable(role, visibility) && (visibility !== 'private' || levelOf(role) >= REPORTER)
}

export interface Expected {
  status: number
  /** The refusal's body; none for a success (the row checks the body itself). */
  body?: unknown
}

/**
 * GitLab's answer to a write that authenticates first (401), hides what the
 * caller cannot read (404 `<resource> Not Found`), then asks an ability that
 * `minLevel` and up hold (403 below it).
 */
export function expectedWrite(
  role: Role,
  visibility: Visibility,
  resource: 'Group' | 'Project',
  minLevel: number,
  success: number,
): Expected {
  if (role === 'anonymous') return { status: 401, body: UNAUTHORIZED }
  if (levelOf(role) >= minLevel) return { status: success }
  return readable(role, visibility)
    ? { status: 403, body: FORBIDDEN }
    : { status: 404, body: notFound(resource) }
}

/** One user per signed-in kind of caller but the administrator (root). */
export interface Cast {
  user(role: Role): UserWithToken
  tokenOf(role: Role): string | undefined
}

export async function createCast(): Promise<Cast> {
  const roles = ROLES.filter((role) => role !== 'anonymous' && role !== 'admin')
  const created = await Promise.all(roles.map(() => createUserWithToken()))
  const users = new Map<Role, UserWithToken>(
    roles.map((role, i) => [role, created[i] as UserWithToken]),
  )
  const user = (role: Role): UserWithToken => {
    const found = users.get(role)
    if (!found) throw new Error(`no user for ${role}`)
    return found
  }
  return {
    user,
    tokenOf: (role) =>
      role === 'anonymous' ? undefined : role === 'admin' ? rootToken() : user(role).token,
  }
}

/** A project of the cast's owner with the Guest to Maintainer as members. */
export async function castProject(
  cast: Cast,
  attributes: Record<string, unknown>,
): Promise<ProjectJson> {
  const owner = cast.user('owner')
  const project = await createProject(owner.token, attributes)
  await Promise.all(
    MEMBER_ROLES.map(([role, level]) =>
      addProjectMember(project.id, cast.user(role).user.id, level, owner.token),
    ),
  )
  return project
}

/** A group the cast's owner owns, with the Guest to Maintainer as members. */
export async function castGroup(cast: Cast, attributes: Params): Promise<GroupJson> {
  const owner = cast.user('owner')
  const group = await createGroup(owner.token, attributes)
  await Promise.all(
    MEMBER_ROLES.map(([role, level]) =>
      addMember(group.id, cast.user(role).user.id, level, owner.token),
    ),
  )
  return group
}
