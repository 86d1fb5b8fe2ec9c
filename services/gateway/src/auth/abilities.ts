import type { GroupAbilities, ProjectAbilities } from '@suite/proto'
import { forbidden, unauthorized } from '../errors/http-error.js'
import { isAdmin, type Principal } from './principal.js'

/**
 * What a route asks of the principal, in GitLab's two places: `authenticate`
 * runs before parameters are validated (Grape `before` blocks), `authorize`
 * after (the endpoint body's authorize! / authenticated_as_admin!). Rules about
 * a particular object stay in the owning service.
 */
export interface Ability {
  authenticate?: (principal: Principal) => void
  authorize?: (principal: Principal, params: Readonly<Record<string, unknown>>) => void
}

function requireUser(principal: Principal): void {
  if (!principal.user) throw unauthorized()
}

/** Anyone, signed in or not (what they see is the service's business). */
export const PUBLIC: Ability = {}

/** authenticate!: 401 without a valid token. */
export const AUTHENTICATED: Ability = { authenticate: requireUser }

/** authenticated_as_admin!: 401 without a token, 403 for a non-admin. */
export const ADMIN: Ability = {
  authenticate: requireUser,
  authorize: (principal) => {
    if (!isAdmin(principal)) throw forbidden()
  },
}

/** GET /users/:id: `forbidden!('Not authorized!') unless current_user`. */
export const READ_USER: Ability = {
  authorize: (principal) => {
    if (!principal.user) throw forbidden('Not authorized!')
  },
}

/**
 * GET /users (lib/api/users.rb): looking up by extern_uid and provider is for
 * admins; anonymous callers must name a username.
 */
export const READ_USERS_LIST: Ability = {
  authorize: (principal, params) => {
    if (params['extern_uid'] !== undefined && params['provider'] !== undefined) {
      ADMIN.authenticate?.(principal)
      ADMIN.authorize?.(principal, params)
    }
    if (!principal.user && params['username'] === undefined) {
      throw forbidden('Not authorized to access /api/v4/users')
    }
  },
}

/** The names of the boolean fields of a message: the abilities it answers. */
type BooleanFields<T> = { [K in keyof T]-?: T[K] extends boolean ? K : never }[keyof T]

/** An ability the projects service answers for a project (ProjectPolicy). */
export type ProjectAbility = BooleanFields<ProjectAbilities>

/** An ability the identity service answers for a group (GroupPolicy). */
export type GroupAbility = BooleanFields<GroupAbilities>

/**
 * Whether the owning service's answer grants the ability. The gateway only
 * reads the answer: no answer grants nothing.
 */
export function canInProject(
  abilities: ProjectAbilities | undefined,
  ability: ProjectAbility,
): boolean {
  return abilities?.[ability] === true
}

export function canInGroup(abilities: GroupAbilities | undefined, ability: GroupAbility): boolean {
  return abilities?.[ability] === true
}

/** authorize! :<ability>, user_project: 403 Forbidden without it. */
export function requireProjectAbility(
  abilities: ProjectAbilities | undefined,
  ability: ProjectAbility,
): void {
  if (!canInProject(abilities, ability)) throw forbidden()
}

/** authorize! :<ability>, user_group: 403 Forbidden without it. */
export function requireGroupAbility(
  abilities: GroupAbilities | undefined,
  ability: GroupAbility,
): void {
  if (!canInGroup(abilities, ability)) throw forbidden()
}
