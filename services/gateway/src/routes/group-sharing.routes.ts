import { AUTHENTICATED } from '../auth/abilities.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { requireField } from '../clients/require-field.js'
import { presentGroupDetail } from '../entities/group-detail.entity.js'
import { MEMBER_ACCESS_LEVELS } from '../params/access-levels.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'

/**
 * lib/api/groups.rb POST and DELETE /groups/:id/share: group-to-group links.
 * Signed in (authenticate_non_get!) and the group readable (404); who may
 * share (admin_group_member in the shared group, read_group in the invited
 * one) is identity's Groups::GroupLinks rule, whose refusal is GitLab's bare
 * 404 Not Found. member_role_id is GitLab EE's and not taken.
 */
export function groupSharingRoutes(api: ApiRouter, identity: IdentityClients): void {
  api.post('/groups/:id/share', {
    ability: AUTHENTICATED,
    resolve: 'group',
    params: {
      group_id: p.int().required(),
      group_access: p.int().required().values(MEMBER_ACCESS_LEVELS),
      expires_at: p.date(),
    },
    handle: async ({ caller, params, group }) => {
      const answer = await identity.GroupLinkService.write.shareGroup({
        caller,
        groupId: group.id,
        sharedWithGroupId: params.group_id,
        groupAccess: params.group_access,
        expiresAt: params.expires_at,
      })
      return {
        group: requireField(answer.group, 'group'),
        sharedWithGroups: answer.sharedWithGroups,
        projects: [],
      }
    },
    present: presentGroupDetail,
  })

  api.delete('/groups/:id/share/:group_id', {
    ability: AUTHENTICATED,
    resolve: 'group',
    params: { group_id: p.int().required() },
    handle: async ({ caller, params, group }) => {
      await identity.GroupLinkService.write.unshareGroup({
        caller,
        groupId: group.id,
        sharedWithGroupId: params.group_id,
      })
    },
  })
}
