import { ForbiddenError, PreconditionError } from '@suite/runtime'
import { isBlocked, type User } from './user.js'

/** The admin actions of lib/api/users.rb that move a user between states. */
export type UserStateEvent = 'block' | 'unblock' | 'deactivate' | 'activate' | 'ban' | 'unban'

/**
 * What an action comes to: a move to another state (answered `true`), or
 * GitLab's answer with nothing changed (`null` where the endpoint `break`s,
 * `false` where the state machine refuses quietly). Refusals are thrown.
 */
export type StateChange = { to: string } | { answer: boolean | null }

/** User::MINIMUM_INACTIVE_DAYS: a user active more recently cannot be deactivated. */
export const MINIMUM_INACTIVE_DAYS = 90

const DAY_MS = 86_400_000

/**
 * GitLab's rules (lib/api/users.rb, app/services/users/*_service.rb and the
 * User state machine) for which state an admin may move a user from: blocked,
 * ldap_blocked, blocked_pending_approval and banned all count as blocked.
 */
export function planStateChange(
  event: UserStateEvent,
  user: Pick<User, 'id' | 'state' | 'lastActivityOn' | 'currentSignInAt'>,
  callerId: number | undefined,
  now: Date,
): StateChange {
  switch (event) {
    case 'block':
      if (user.state === 'ldap_blocked') {
        throw new ForbiddenError('LDAP blocked users cannot be modified by the API')
      }
      if (user.id === callerId) {
        throw new ForbiddenError('The API initiating user cannot be blocked by the API')
      }
      return isBlocked(user) ? { answer: null } : { to: 'blocked' }
    case 'unblock':
      if (user.state === 'ldap_blocked') {
        throw new ForbiddenError('LDAP blocked users cannot be unblocked by the API')
      }
      if (user.state === 'deactivated') {
        throw new ForbiddenError('Deactivated users cannot be unblocked by the API')
      }
      // UnblockService runs the activate event, which no active user takes.
      return isBlocked(user) ? { to: 'active' } : { answer: false }
    case 'deactivate':
      if (user.state === 'deactivated') return { answer: null }
      if (isBlocked(user)) {
        throw new ForbiddenError('A blocked user cannot be deactivated by the API')
      }
      if (activeRecently(user, now)) {
        throw new ForbiddenError(
          `The user you are trying to deactivate has been active in the past ${MINIMUM_INACTIVE_DAYS} days and cannot be deactivated`,
        )
      }
      return { to: 'deactivated' }
    case 'activate':
      if (isBlocked(user)) {
        throw verbatimForbidden('Error occurred. A blocked user must be unblocked to be activated')
      }
      return user.state === 'active' ? { answer: true } : { to: 'active' }
    case 'ban':
      if (user.state !== 'active') throw verbatimForbidden(`You cannot ban ${user.state} users.`)
      return { to: 'banned' }
    case 'unban':
      if (user.state !== 'banned') throw verbatimForbidden(`You cannot unban ${user.state} users.`)
      return { to: 'active' }
  }
}

/** A user can use the API and git only while active (not blocked, banned or deactivated). */
export function canAuthenticate(user: Pick<User, 'state'>): boolean {
  return !isBlocked(user) && user.state !== 'deactivated'
}

/** User#no_recent_activity? negated: last activity or sign-in within the window. */
function activeRecently(
  user: Pick<User, 'lastActivityOn' | 'currentSignInAt'>,
  now: Date,
): boolean {
  const times = [
    user.lastActivityOn ? Date.parse(`${user.lastActivityOn}T00:00:00Z`) : 0,
    user.currentSignInAt?.getTime() ?? 0,
  ]
  return Math.max(...times) > now.getTime() - MINIMUM_INACTIVE_DAYS * DAY_MS
}

/** render_api_error!(message, :forbidden): 403 with the text as it is, no "403 Forbidden - ". */
function verbatimForbidden(message: string): PreconditionError {
  return new PreconditionError(message, 'forbidden')
}

/** What a block tells the CI service (gitlab.identity.v1.UserBlocked). */
export interface BlockAnnouncement {
  userId: number
  blockedAtMs: number
  /** The admin who blocked the user; 0 for none. */
  blockedByUserId: number
}

/**
 * Whether a move into `to` drops the user's running pipelines: GitLab's User
 * state machine does so after any transition to blocked (not to banned,
 * deactivated or the other blocked-like states).
 */
export function dropsPipelines(to: string): boolean {
  return to === 'blocked'
}
