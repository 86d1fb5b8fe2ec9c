import { AUTHENTICATED } from '../auth/abilities.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'

/**
 * lib/api/groups.rb: DELETE /groups/:id (authorize! :remove_group, then
 * Groups::DestroyService#async_execute): 202 {"message":"202 Accepted"}.
 * Identity marks the group and its subgroups (404 at once) and its outbox
 * carries the deletion to the projects service, which deletes their
 * projects through the project deletion path.
 */
export function groupDeletionRoutes(api: ApiRouter, identity: IdentityClients): void {
  api.delete('/groups/:id', {
    ability: AUTHENTICATED,
    resolve: 'group',
    groupAbility: 'removeGroup',
    params: { id: p.string().required() },
    status: 202,
    handle: async ({ caller, group }) => {
      await identity.groupDeletions.write.deleteGroup({ caller, groupId: group.id })
    },
    present: () => ({ message: '202 Accepted' }),
  })
}
