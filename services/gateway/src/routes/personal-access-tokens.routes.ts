import { ADMIN, AUTHENTICATED } from '../auth/abilities.js'
import type { Principal } from '../auth/principal.js'
import { ALL_SCOPES } from '../auth/scopes.js'
import type { TokenCache } from '../auth/token-cache.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { requireField } from '../clients/require-field.js'
import { presentPersonalAccessTokenWithToken } from '../entities/personal-access-token-with-token.entity.js'
import { presentPersonalAccessToken } from '../entities/personal-access-token.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'

/** The id of the token the request came with (every principal with a user has one). */
function ownTokenId(principal: Principal): number {
  return requireField(principal.token, 'token').id
}

/**
 * lib/api/users.rb (admins create tokens for a user) and
 * lib/api/personal_access_tokens*.rb (a token reads and revokes itself). A
 * revocation through this gateway evicts the token from its cache at once.
 */
export function personalAccessTokenRoutes(
  api: ApiRouter,
  identity: IdentityClients,
  tokenCache: TokenCache,
): void {
  const { tokens } = identity

  api.post('/users/:user_id/personal_access_tokens', {
    scopes: 'user',
    ability: ADMIN,
    params: {
      user_id: p.int().required(),
      name: p.string().required(),
      scopes: p.array(p.string().values(ALL_SCOPES), { commaSeparated: true }).required(),
      expires_at: p.date(),
      description: p.string(),
    },
    handle: ({ caller, params }) =>
      tokens.write.createPersonalAccessToken({
        caller,
        userId: params.user_id,
        name: params.name,
        scopes: params.scopes,
        expiresAt: params.expires_at,
        description: params.description,
      }),
    present: presentPersonalAccessTokenWithToken,
  })

  // Any token may read and revoke itself, whatever its scopes.
  api.get('/personal_access_tokens/self', {
    scopes: 'any',
    ability: AUTHENTICATED,
    handle: async ({ principal, caller }) => {
      const answer = await tokens.read.getPersonalAccessToken({ caller, id: ownTokenId(principal) })
      return requireField(answer.token, 'token')
    },
    present: presentPersonalAccessToken,
  })

  api.delete('/personal_access_tokens/self', {
    scopes: 'any',
    ability: AUTHENTICATED,
    handle: async ({ principal, caller }) => {
      const id = ownTokenId(principal)
      await tokens.write.revokePersonalAccessToken({ caller, id })
      tokenCache.evictTokenId(id)
    },
  })

  api.get('/personal_access_tokens/:id', {
    ability: AUTHENTICATED,
    params: { id: p.int().required() },
    handle: async ({ caller, params }) => {
      const answer = await tokens.read.getPersonalAccessToken({ caller, id: params.id })
      return requireField(answer.token, 'token')
    },
    present: presentPersonalAccessToken,
  })

  api.delete('/personal_access_tokens/:id', {
    ability: AUTHENTICATED,
    params: { id: p.int().required() },
    handle: async ({ caller, params }) => {
      await tokens.write.revokePersonalAccessToken({ caller, id: params.id })
      tokenCache.evictTokenId(params.id)
    },
  })
}
