import type { Caller, Group, PageRequest } from '@suite/proto'
import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import type { Principal } from '../auth/principal.js'
import type { IdentityClients } from '../clients/identity.client.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import { requireField } from '../clients/require-field.js'
import { presentGroupDetail, type GroupDetailView } from '../entities/group-detail.entity.js'
import { presentGroup } from '../entities/group.entity.js'
import { projectRelatedIds } from '../entities/project-view.js'
import { MEMBER_ACCESS_LEVELS } from '../params/access-levels.js'
import { p } from '../params/coercions.js'
import { parseParams, type ParamValues } from '../params/parse-params.js'
import { groupProjectParams, listParams } from '../params/project-list.js'
import type { ApiRouter } from './api-router.js'
import { listProjects, presentListed } from './list-projects.js'

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

/** Whose groups a listing shows: a group's children, or every group below it. */
interface GroupsBelow {
  parentId: number
  allDescendants: boolean
}

async function listGroups(
  identity: IdentityClients,
  caller: Caller,
  page: PageRequest,
  filters: GroupFilters,
  below?: GroupsBelow,
): Promise<{ items: Group[]; total: number }> {
  const answer = await identity.groups.read.listGroups({
    caller,
    page,
    parentId: below?.parentId,
    allDescendants: below?.allDescendants ?? false,
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

/** GroupProjectsFinder's limit on GroupDetail's projects (DEFAULT_PROJECTS_LIMIT). */
const DETAIL_PROJECTS_LIMIT = 100

/** GroupDetail's projects: the group's own, those the caller may read, newest first, at most 100. */
async function detailProjects(
  projects: ProjectsClients,
  principal: Principal,
  caller: Caller,
  group: Group,
) {
  const unfiltered = parseParams(listParams, { order_by: 'id' })
  const { items } = await listProjects(
    projects,
    principal,
    caller,
    { page: 1, perPage: DETAIL_PROJECTS_LIMIT },
    unfiltered,
    { groupId: group.id },
  )
  return items
}

/** A group as GroupDetail shows it: its shares the caller may see, and its projects when asked. */
export async function groupDetail(
  identity: IdentityClients,
  caller: Caller,
  group: Group,
  projects?: () => Promise<GroupDetailView['projects']>,
): Promise<GroupDetailView> {
  const [links, listed] = await Promise.all([
    identity.GroupLinkService.read.listGroupLinks({ caller, groupId: group.id }),
    projects ? projects() : [],
  ])
  return { group, sharedWithGroups: links.sharedWithGroups, projects: listed }
}

/** lib/api/groups.rb: create, list and read groups, their subgroups and descendants, their projects. */
export function groupRoutes(
  api: ApiRouter,
  identity: IdentityClients,
  projects: ProjectsClients,
): void {
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
      // A new group is shared with nobody and holds no project yet.
      return { group: requireField(group, 'group'), sharedWithGroups: [], projects: [] }
    },
    present: presentGroupDetail,
  })

  // with_projects=false leaves projects and shared_projects out (GroupDetail's `if:`).
  api.get('/groups/:id', {
    ability: PUBLIC,
    resolve: 'group',
    params: { with_projects: p.bool().default(true), with_custom_attributes: p.bool() },
    handle: ({ principal, caller, params, group }) =>
      groupDetail(
        identity,
        caller,
        group,
        params.with_projects
          ? () => detailProjects(projects, principal, caller, group)
          : () => Promise.resolve(undefined),
      ),
    present: presentGroupDetail,
  })

  api.list('/groups/:id/subgroups', {
    ability: PUBLIC,
    resolve: 'group',
    params: groupFilterParams,
    handle: ({ caller, params, page, group }) =>
      listGroups(identity, caller, page, params, { parentId: group.id, allDescendants: false }),
    present: presentGroup,
  })

  // GroupsFinder with include_parent_descendants: every group below, as the caller may see them.
  api.list('/groups/:id/descendant_groups', {
    ability: PUBLIC,
    resolve: 'group',
    params: groupFilterParams,
    handle: ({ caller, params, page, group }) =>
      listGroups(identity, caller, page, params, { parentId: group.id, allDescendants: true }),
    present: presentGroup,
  })

  // GroupProjectsFinder: the group's projects the caller may read (with include_subgroups, those
  // below it too); with_shared would add projects shared with the group, which are not served.
  api.list('/groups/:id/projects', {
    ability: PUBLIC,
    resolve: 'group',
    params: groupProjectParams,
    handle: ({ principal, caller, page, params, group }) =>
      listProjects(projects, principal, caller, page, params, {
        groupId: group.id,
        includeSubgroups: params.include_subgroups,
      }),
    present: presentListed,
    related: projectRelatedIds,
  })
}
