import { NotFoundError, UnauthenticatedError } from '@suite/runtime'
import type { Stores } from './ports.js'
import { verifyPassword } from './password.js'
import type { User } from './user.js'
import { canAuthenticate } from './user-state-transitions.js'

/** Gitlab::Auth::UserAccessDeniedReason's cases for the states this suite has. */
export type AccessDenial = 'blocked' | 'blocked_pending_approval' | 'deactivated'

/** What identity answers about a user's access to git and the API right now. */
export interface UserAccess {
  user: User
  /** Undefined when the user may use git and the API. */
  denial: AccessDenial | undefined
}

/** Why a user may not use git and the API, in GitLab's order; undefined when they may. */
export function accessDenial(user: Pick<User, 'state'>): AccessDenial | undefined {
  if (canAuthenticate(user)) return undefined
  if (user.state === 'blocked_pending_approval') return 'blocked_pending_approval'
  if (user.state === 'deactivated') return 'deactivated'
  // blocked, ldap_blocked and banned: GitLab's text is the same.
  return 'blocked'
}

/** Whether a user may use git and the API now (Gitlab::UserAccess#allowed?). */
export async function checkUserAccess(
  stores: Pick<Stores, 'users'>,
  userId: number,
): Promise<UserAccess> {
  const user = await stores.users.findById(userId)
  if (!user) throw new NotFoundError('User')
  return { user, denial: accessDenial(user) }
}

/** Longer logins and passwords match no one (username and email limits, Devise's 128). */
const MAX_LOGIN_LENGTH = 255
const MAX_PASSWORD_LENGTH = 128

/**
 * Git's username-and-password sign-in (Gitlab::Auth#find_with_user_password):
 * the login is a username or an email, in any case. A wrong pair, an unknown
 * login and a user who may not sign in are all the same 401.
 */
export async function authenticatePassword(
  stores: Pick<Stores, 'users'>,
  login: string,
  password: string,
): Promise<User> {
  if (login === '' || password === '') throw new UnauthenticatedError()
  if (login.length > MAX_LOGIN_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw new UnauthenticatedError()
  }
  // PostgreSQL cannot hold a NUL character: no username or email has one.
  if (login.includes('\u0000')) throw new UnauthenticatedError()
  const found = await stores.users.findPasswordByLogin(login)
  if (!found || !(await verifyPassword(password, found.encryptedPassword))) {
    throw new UnauthenticatedError()
  }
  const user = await stores.users.findById(found.id)
  if (!user || !canAuthenticate(user)) throw new UnauthenticatedError()
  return user
}
