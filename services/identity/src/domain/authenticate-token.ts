import { UnauthenticatedError } from '@suite/runtime'
import type { Stores } from './ports.js'
import { isExpired, type PersonalAccessToken } from './token.js'
import { digestToken } from './token-secret.js'
import type { User } from './user.js'
import { canAuthenticate } from './user-state-transitions.js'

/** last_used_at is written at most this often per token. */
const LAST_USED_RESOLUTION_MS = 60_000

/**
 * Token to principal: 401 for an unknown, revoked or expired token and for a
 * blocked, banned or deactivated user (GitLab's GlobalPolicy prevents their
 * :access_api and :access_git). Records the use, cheaply.
 */
export async function authenticateToken(
  stores: Stores,
  value: string,
  now = new Date(),
): Promise<{ user: User; token: PersonalAccessToken }> {
  if (value === '') throw new UnauthenticatedError()
  const token = await stores.tokens.findByDigest(digestToken(value))
  if (!token || token.revoked || isExpired(token, now)) throw new UnauthenticatedError()
  const user = await stores.users.findById(token.userId)
  if (!user || !canAuthenticate(user)) throw new UnauthenticatedError()
  const lastUsed = token.lastUsedAt?.getTime() ?? 0
  if (now.getTime() - lastUsed >= LAST_USED_RESOLUTION_MS) {
    await stores.tokens.touch(token.id, now)
    return { user, token: { ...token, lastUsedAt: now } }
  }
  return { user, token }
}
