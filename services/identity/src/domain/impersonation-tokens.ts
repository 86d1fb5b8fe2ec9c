import { NotFoundError, pageWindow, type PageRequest } from '@suite/runtime'
import type { Caller } from './caller.js'
import { createPersonalAccessToken, type CreateTokenInput } from './create-token.js'
import { utcToday } from './dates.js'
import type { Stores, TokenStateFilter } from './ports.js'
import { requireAdmin } from './policy.js'
import type { PersonalAccessToken } from './token.js'

/**
 * /users/:user_id/impersonation_tokens (lib/api/users.rb): admins only
 * (authenticated_as_admin! comes first), then 404 User Not Found, then 404
 * Impersonation Token for one that is not this user's impersonation token.
 */
async function requireUser(stores: Stores, caller: Caller, userId: number): Promise<void> {
  requireAdmin(caller)
  if (!(await stores.users.findById(userId))) throw new NotFoundError('User')
}

/** POST: a personal access token flagged as impersonation, with the same validations. */
export function createImpersonationToken(
  stores: Stores,
  caller: Caller,
  input: Omit<CreateTokenInput, 'value' | 'impersonation'>,
): Promise<{ token: PersonalAccessToken; value: string }> {
  return createPersonalAccessToken(stores, caller, { ...input, impersonation: true })
}

/** GET: the user's impersonation tokens, oldest first, `state` all, active or inactive. */
export async function listImpersonationTokens(
  stores: Stores,
  caller: Caller,
  userId: number,
  state: TokenStateFilter,
  page: PageRequest | undefined,
  now = new Date(),
): Promise<{ tokens: PersonalAccessToken[]; total: number }> {
  await requireUser(stores, caller, userId)
  return stores.tokens.listImpersonation(userId, state, utcToday(now), pageWindow(page))
}

/** GET .../:impersonation_token_id */
export async function getImpersonationToken(
  stores: Stores,
  caller: Caller,
  userId: number,
  id: number,
): Promise<PersonalAccessToken> {
  await requireUser(stores, caller, userId)
  const token = await stores.tokens.findById(id)
  if (!token || token.userId !== userId || !token.impersonation) {
    throw new NotFoundError('Impersonation Token')
  }
  return token
}

/** DELETE .../:impersonation_token_id: revokes it (again, if it already is). */
export async function revokeImpersonationToken(
  stores: Stores,
  caller: Caller,
  userId: number,
  id: number,
): Promise<void> {
  const token = await getImpersonationToken(stores, caller, userId, id)
  await stores.tokens.revoke(token.id)
}
