import type { Caller } from './caller.js'
import type { User } from './user.js'

/** What one caller may do with one user: GitLab's UserPolicy, the abilities the gateway reads. */
export interface UserAbilities {
  /** :read_user_profile */
  readUserProfile: boolean
}

/**
 * GitLab's UserPolicy for :read_user_profile: a profile is readable unless
 * the user made it private, except to the user themselves and to admins.
 * (GitLab also hides blocked and unconfirmed users' profiles; this suite
 * never has.)
 */
export function userAbilities(
  user: Pick<User, 'id' | 'privateProfile'>,
  caller: Caller,
): UserAbilities {
  const self = caller.userId !== undefined && caller.userId === user.id
  return { readUserProfile: !user.privateProfile || self || caller.admin }
}
