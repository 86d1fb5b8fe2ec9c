import { AUTHENTICATED } from '../auth/abilities.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { requireField } from '../clients/require-field.js'
import { presentGroupDetail } from '../entities/group-detail.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import { groupDetail } from './groups.routes.js'

/** lib/api/groups.rb's optional group parameters, as PUT /groups/:id takes them. */
const updateParams = {
  name: p.string(),
  path: p.string(),
  description: p.string(),
  visibility: p.string().values(['private', 'internal', 'public']),
  share_with_group_lock: p.bool(),
  require_two_factor_authentication: p.bool(),
  two_factor_grace_period: p.int32(),
  project_creation_level: p
    .string()
    .values(['noone', 'owner', 'maintainer', 'developer', 'administrator']),
  auto_devops_enabled: p.bool(),
  subgroup_creation_level: p.string().values(['owner', 'maintainer']),
  emails_disabled: p.bool(),
  emails_enabled: p.bool(),
  mentions_disabled: p.bool(),
  lfs_enabled: p.bool(),
  request_access_enabled: p.bool(),
  default_branch: p.string(),
  default_branch_protection: p.int().values([0, 1, 2, 3, 4]),
}

/**
 * PUT /groups/:id: signed in (authenticate_non_get!), the group readable
 * (404), then admin_group (its Owner or an administrator, 403). The rules on
 * names, routes and visibility and keeping the projects below in step are
 * identity's (Groups::UpdateService); the answer is the GroupDetail entity.
 */
export function groupUpdateRoutes(api: ApiRouter, identity: IdentityClients): void {
  api.put('/groups/:id', {
    ability: AUTHENTICATED,
    resolve: 'group',
    groupAbility: 'adminGroup',
    params: updateParams,
    handle: async ({ caller, params, group }) => {
      const answer = await identity.GroupUpdateService.write.updateGroup({
        caller,
        groupId: group.id,
        name: params.name,
        path: params.path,
        description: params.description,
        visibility: params.visibility,
        shareWithGroupLock: params.share_with_group_lock,
        requireTwoFactorAuthentication: params.require_two_factor_authentication,
        twoFactorGracePeriod: params.two_factor_grace_period,
        projectCreationLevel: params.project_creation_level,
        subgroupCreationLevel: params.subgroup_creation_level,
        lfsEnabled: params.lfs_enabled,
        requestAccessEnabled: params.request_access_enabled,
        // emails_disabled is the deprecated inverse of emails_enabled.
        emailsEnabled:
          params.emails_enabled ??
          (params.emails_disabled === undefined ? undefined : !params.emails_disabled),
        mentionsDisabled: params.mentions_disabled,
        defaultBranch: params.default_branch,
        defaultBranchProtection: params.default_branch_protection,
        autoDevopsEnabled: params.auto_devops_enabled,
      })
      return groupDetail(identity, caller, requireField(answer.group, 'group'))
    },
    present: presentGroupDetail,
  })

  // POST /groups/:id/transfer: the same gate; without group_id the group becomes top-level.
  // Identity answers an unreadable target as 404 Group Not Found (find_group!) and GitLab's
  // "Transfer failed: ..." refusals as 400.
  api.post('/groups/:id/transfer', {
    ability: AUTHENTICATED,
    resolve: 'group',
    groupAbility: 'adminGroup',
    params: { group_id: p.int() },
    handle: async ({ caller, params, group }) => {
      const answer = await identity.GroupUpdateService.write.transferGroup({
        caller,
        groupId: group.id,
        newParentId: params.group_id,
      })
      return groupDetail(identity, caller, requireField(answer.group, 'group'))
    },
    present: presentGroupDetail,
  })
}
