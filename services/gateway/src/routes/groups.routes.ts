import type { Caller, Group, PageRequest } from '@suite/proto'
import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { requireField } from '../clients/require-field.js'
import { presentGroupDetail } from '../entities/group-detail.entity.js'
import { presentGroup } from '../entities/group.entity.js'
import { MEMBER_ACCESS_LEVELS } from '../params/access-levels.js'
import { p } from '../params/coercions.js'
import type { ParamValues } from '../params/parse-params.js'
import type { ApiRouter } from './api-router.js'

const VISIBILITIES = ['private', 'internal', 'public']

/** lib/api/groups.rb: the filters of GET /groups and GET /groups/:id/subgroups. */
const groupFilterParams = {
  statistics: p.bool().default(false),
  skip_groups: p.array(p.int(), { commaSeparated: true }),
  all_available: p.bool(),
  visibility: p.string().values(VISIBILITIES),
  search: p.string(),
  owned: p.bool().default(false),
  order_by: p.string().values(['name', 'path', 'id', 'similarity']).default('name'),
  sort: p.string().values(['asc', 'desc']).default('asc'),
  min_access_level: p.int().values(MEMBER_ACCESS_LEVELS),
  with_custom_attributes: p.bool().default(false),
}

type GroupFilters = ParamValues<typeof groupFilterParams> & { top_level_only?: boolean | undefined }

async function listGroups(
  identity: IdentityClients,
  caller: Caller,
  page: PageRequest,
  filters: GroupFilters,
  parentId?: number,
): Promise<{ items: Group[]; total: number }> {
  const answer = await identity.groups.read.listGroups({
    caller,
    page,
    parentId,
    search: filters.search,
    owned: filters.owned,
    minAccessLevel: filters.min_access_level,
    allAvailable: filters.all_available,
    topLevelOnly: filters.top_level_only ?? false,
    skipGroups: filters.skip_groups ?? [],
    orderBy: filters.order_by,
    sort: filters.sort,
    visibility: filters.visibility,
  })
  return { items: answer.groups, total: answer.pageInfo?.total ?? answer.groups.length }
}

/** lib/api/groups.rb: create, list and read groups and subgroups. */
export function groupRoutes(api: ApiRouter, identity: IdentityClients): void {
  api.list('/groups', {
    ability: PUBLIC,
    params: { ...groupFilterParams, top_level_only: p.bool().default(false) },
    handle: ({ caller, params, page }) => listGroups(identity, caller, page, params),
    present: presentGroup,
  })

  api.post('/groups', {
    ability: AUTHENTICATED,
    params: {
      name: p.string().required(),
      path: p.string().required(),
      parent_id: p.int(),
      description: p.string(),
      visibility: p.string().values(VISIBILITIES),
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
    },
    handle: async ({ caller, params }) => {
      const { group } = await identity.groups.write.createGroup({
        caller,
        name: params.name,
        path: params.path,
        parentId: params.parent_id,
        visibility: params.visibility,
        description: params.description,
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
      return requireField(group, 'group')
    },
    present: presentGroupDetail,
  })

  api.get('/groups/:id', {
    ability: PUBLIC,
    resolve: 'group',
    params: { with_projects: p.bool().default(true), with_custom_attributes: p.bool() },
    handle: ({ group }) => Promise.resolve(group),
    present: presentGroupDetail,
  })

  api.list('/groups/:id/subgroups', {
    ability: PUBLIC,
    resolve: 'group',
    params: groupFilterParams,
    handle: ({ caller, params, page, group }) =>
      listGroups(identity, caller, page, params, group.id),
    present: presentGroup,
  })
}
