import { ADMIN } from '../auth/abilities.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'

const NUMERIC_ID = { id: /^\d+$/ }

/**
 * lib/api/users.rb: DELETE /users/:id (authenticated_as_admin!, 404 User,
 * 409 for the sole owner of a group unless hard_delete, then
 * user.delete_async: 204) and DELETE /users/:id/identities/:provider (204,
 * 404 Identity). Identity decides; its outbox carries the deletion to every
 * service, which moves the user's contributions to the Ghost user.
 */
export function userDeletionRoutes(api: ApiRouter, identity: IdentityClients): void {
  const deletions = identity.userDeletions

  api.delete('/users/:id', {
    scopes: 'user',
    ability: ADMIN,
    requirements: NUMERIC_ID,
    params: { id: p.int().required(), hard_delete: p.bool() },
    handle: async ({ caller, params }) => {
      await deletions.write.deleteUser({
        caller,
        userId: params.id,
        hardDelete: params.hard_delete ?? false,
      })
    },
  })

  api.delete('/users/:id/identities/:provider', {
    scopes: 'user',
    ability: ADMIN,
    requirements: NUMERIC_ID,
    params: { id: p.int().required(), provider: p.string().required() },
    handle: async ({ caller, params }) => {
      await deletions.write.deleteUserIdentity({
        caller,
        userId: params.id,
        provider: params.provider,
      })
    },
  })
}
