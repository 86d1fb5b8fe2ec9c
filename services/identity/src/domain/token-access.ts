import { InvalidError, NotFoundError, UnauthenticatedError } from '@suite/runtime'
import type { Stores } from './ports.js'
import type { Caller } from './caller.js'
import { canReadToken, canRevokeToken, requireSignedIn } from './policy.js'
import type { PersonalAccessToken } from './token.js'
import { isBlocked } from './user.js'

/**
 * GET /personal_access_tokens/:id. GitLab tells only admins that a token does
 * not exist (404 Not Found); anyone else gets 401 for a missing token and for
 * someone else's.
 */
export async function getPersonalAccessToken(
  stores: Stores,
  caller: Caller,
  id: number,
): Promise<PersonalAccessToken> {
  requireSignedIn(caller)
  const token = await stores.tokens.findById(id)
  if (token && canReadToken(caller, token)) return token
  if (caller.admin) throw new NotFoundError('')
  throw new UnauthenticatedError()
}

/**
 * DELETE /personal_access_tokens/:id: the owner or an admin; anyone else gets
 * GitLab's 400 Bad request. Revoking a revoked token succeeds again.
 */
export async function revokePersonalAccessToken(
  stores: Stores,
  caller: Caller,
  id: number,
): Promise<void> {
  const callerId = requireSignedIn(caller)
  const token = await stores.tokens.findById(id)
  if (!token) throw new NotFoundError('')
  const revoker = await stores.users.findById(callerId)
  const blocked = revoker ? isBlocked(revoker) : false
  if (!canRevokeToken(caller, token, blocked)) throw new InvalidError({}, '400 Bad request')
  await stores.tokens.revoke(token.id)
}
