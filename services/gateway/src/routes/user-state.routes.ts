import { UserStateEvent } from '@suite/proto'
import { ADMIN } from '../auth/abilities.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'

/** lib/api/users.rb's admin actions, each the identity service's state event. */
const ACTIONS: readonly (readonly [string, UserStateEvent])[] = [
  ['block', UserStateEvent.USER_STATE_EVENT_BLOCK],
  ['unblock', UserStateEvent.USER_STATE_EVENT_UNBLOCK],
  ['deactivate', UserStateEvent.USER_STATE_EVENT_DEACTIVATE],
  ['activate', UserStateEvent.USER_STATE_EVENT_ACTIVATE],
  ['ban', UserStateEvent.USER_STATE_EVENT_BAN],
  ['unban', UserStateEvent.USER_STATE_EVENT_UNBAN],
]

/**
 * POST /users/:id/{block,unblock,deactivate,activate,ban,unban}: admins only;
 * identity applies GitLab's rules and answers `true`, `false` or `null` (201),
 * or refuses with GitLab's message.
 */
export function userStateRoutes(api: ApiRouter, identity: IdentityClients): void {
  for (const [action, event] of ACTIONS) {
    api.post(`/users/:id/${action}`, {
      scopes: 'user',
      ability: ADMIN,
      requirements: { id: /^\d+$/ },
      params: { id: p.int().required() },
      handle: async ({ caller, params }) => {
        const answer = await identity.users.write.changeUserState({
          caller,
          id: params.id,
          event,
        })
        return answer.result ?? null
      },
      present: (result: boolean | null) => result,
    })
  }
}
