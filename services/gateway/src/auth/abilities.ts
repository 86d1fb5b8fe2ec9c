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
