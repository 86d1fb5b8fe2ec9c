import { ImpersonationTokenState } from '@suite/proto'
import { ADMIN } from '../auth/abilities.js'
import type { TokenCache } from '../auth/token-cache.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { requireField } from '../clients/require-field.js'
import {
  presentImpersonationToken,
  presentImpersonationTokenWithToken,
} from '../entities/impersonation-token.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'

const TOKENS = '/users/:user_id/impersonation_tokens'

/** Every route here: admins only, as identity decides (403 before 404 User Not Found). */
const ACCESS = {
  scopes: 'user',
  ability: ADMIN,
  requirements: { user_id: /^\d+$/ },
} as const

const tokenPath = {
  user_id: p.int().required(),
  impersonation_token_id: p.int().required(),
}

function stateOf(state: string): ImpersonationTokenState {
  if (state === 'active') return ImpersonationTokenState.IMPERSONATION_TOKEN_STATE_ACTIVE
  if (state === 'inactive') return ImpersonationTokenState.IMPERSONATION_TOKEN_STATE_INACTIVE
  return ImpersonationTokenState.IMPERSONATION_TOKEN_STATE_UNSPECIFIED
}

/**
 * /users/:user_id/impersonation_tokens (lib/api/users.rb): an admin makes,
 * lists, reads and revokes tokens that act as the user. A revocation through
 * this gateway evicts the token from its cache at once.
 */
export function impersonationTokenRoutes(
  api: ApiRouter,
  identity: IdentityClients,
  tokenCache: TokenCache,
): void {
  const tokens = identity.impersonationTokens

  api.list(TOKENS, {
    ...ACCESS,
    params: {
      user_id: p.int().required(),
      state: p.string().values(['all', 'active', 'inactive']).default('all'),
    },
    handle: async ({ caller, params, page }) => {
      const answer = await tokens.read.listImpersonationTokens({
        caller,
        userId: params.user_id,
        state: stateOf(params.state),
        page,
      })
      return { items: answer.tokens, total: answer.pageInfo?.total ?? answer.tokens.length }
    },
    present: presentImpersonationToken,
  })

  api.post(TOKENS, {
    ...ACCESS,
    params: {
      user_id: p.int().required(),
      name: p.string().required(),
      description: p.string(),
      expires_at: p.date(),
      // Checked by identity against the token scopes ("can only contain available scopes").
      scopes: p.array(p.string(), { commaSeparated: true }),
    },
    handle: ({ caller, params }) =>
      tokens.write.createImpersonationToken({
        caller,
        userId: params.user_id,
        name: params.name,
        scopes: params.scopes ?? [],
        expiresAt: params.expires_at,
        description: params.description,
      }),
    present: presentImpersonationTokenWithToken,
  })

  api.get(`${TOKENS}/:impersonation_token_id`, {
    ...ACCESS,
    params: tokenPath,
    handle: async ({ caller, params }) => {
      const answer = await tokens.read.getImpersonationToken({
        caller,
        userId: params.user_id,
        id: params.impersonation_token_id,
      })
      return requireField(answer.token, 'token')
    },
    present: presentImpersonationToken,
  })

  api.delete(`${TOKENS}/:impersonation_token_id`, {
    ...ACCESS,
    params: tokenPath,
    handle: async ({ caller, params }) => {
      const id = params.impersonation_token_id
      await tokens.write.revokeImpersonationToken({ caller, userId: params.user_id, id })
      tokenCache.evictTokenId(id)
    },
  })
}
