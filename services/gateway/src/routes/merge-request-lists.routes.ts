import {
  ListScope,
  MergeRequestFilter,
  type ListMergeRequestsRequest,
  type MergeRequest,
  type Project,
} from '@suite/proto'
import { PUBLIC, requireProjectAbility, type Ability } from '../auth/abilities.js'
import { loadProjects } from '../clients/merge-request-lookups.js'
import { unauthorized } from '../errors/http-error.js'
import {
  presentMergeRequestBasic,
  presentMergeRequestSimple,
} from '../entities/merge-request-basic.entity.js'
import type { MergeRequestItem } from '../entities/merge-request-item.js'
import { mergeRequestItemUserIds } from '../entities/merge-request-item.js'
import type { ReferenceBase } from '../entities/merge-request-links.js'
import type { PresentContext } from '../entities/present-context.js'
import { mergeRequestFilter, notFilter, type FilterParams } from '../params/merge-request-filter.js'
import {
  globalListParams,
  groupListParams,
  groupListRules,
  listRules,
  projectListParams,
} from '../params/merge-request-list.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import type { MergeRequestRouteDeps } from './merge-request-route-deps.js'

/** A listed merge request: view=simple, and the group list's group_id. */
interface ListedMergeRequest extends MergeRequestItem {
  simple: boolean
  groupId?: number | null
}

/** GET /merge_requests: `authenticate! unless params[:scope] == 'all'`. */
const READ_GLOBAL_LIST: Ability = {
  authorize: (principal, params) => {
    if (!principal.user && params['scope'] !== 'all') throw unauthorized()
  },
}

interface ListParamValues extends FilterParams {
  scope?: string | undefined
  state: string
  order_by: string
  sort: string
  view?: string | undefined
  not?: unknown
  with_labels_details: boolean
  with_merge_status_recheck: boolean
  non_archived?: boolean
}

/** The request fields every list shares. */
function listRequest(
  params: ListParamValues,
): Omit<ListMergeRequestsRequest, 'caller' | 'listScope' | 'page'> {
  return {
    projectId: 0,
    groupId: 0,
    scope: (params.scope ?? 'all').replace(/-/g, '_'),
    state: params.state,
    filter: mergeRequestFilter(params),
    not: notFilter(params.not),
    orderBy: params.order_by,
    ascending: params.sort === 'asc',
    withMergeStatusRecheck: params.with_merge_status_recheck,
    nonArchived: params.non_archived ?? false,
  }
}

/** The group containing a project: its namespace when that is a group. */
function containingGroupId(project: Project | undefined): number | null {
  return project?.namespaceKind === 'group' ? project.namespaceId : null
}

function present(item: ListedMergeRequest, ctx: PresentContext) {
  if (item.simple) return presentMergeRequestSimple(item, ctx)
  const json = presentMergeRequestBasic(item, ctx)
  return item.groupId === undefined ? json : { ...json, group_id: item.groupId }
}

function related(item: ListedMergeRequest): number[] {
  return item.simple ? [] : mergeRequestItemUserIds(item)
}

/**
 * lib/api/merge_requests.rb: the three merge request lists; with the
 * repository role, commits.rb's merge requests of a commit too.
 */
export function mergeRequestListRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  const { repository } = deps
  async function list(
    request: ListMergeRequestsRequest,
    params: ListParamValues,
    base: ReferenceBase,
    options: { project?: Project; withGroupId?: boolean } = {},
  ) {
    const answer = await deps.mergeRequests.mergeRequests.read.listMergeRequests(request)
    const known = options.project
      ? new Map([[options.project.id, options.project]])
      : await loadProjects(
          deps.projects,
          answer.mergeRequests.map((mr) => mr.targetProjectId),
        )
    const items = answer.mergeRequests.map((mr: MergeRequest): ListedMergeRequest => {
      const project = known.get(mr.targetProjectId)
      return {
        mergeRequest: mr,
        project,
        base,
        withLabelsDetails: params.with_labels_details,
        simple: params.view === 'simple',
        ...(options.withGroupId ? { groupId: containingGroupId(project) } : {}),
      }
    })
    return {
      items,
      total: answer.pageInfo?.total ?? items.length,
      totalUnknown: answer.pageInfo?.totalUnknown === true,
    }
  }

  api.list('/merge_requests', {
    ability: READ_GLOBAL_LIST,
    params: globalListParams,
    rules: listRules,
    handle: ({ caller, params, page }) =>
      list(
        { ...listRequest(params), caller, page, listScope: ListScope.LIST_SCOPE_GLOBAL },
        params,
        { kind: 'none' },
      ),
    present,
    related,
  })

  api.list('/projects/:id/merge_requests', {
    cache: true,
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: projectListParams,
    rules: listRules,
    handle: ({ caller, params, page, project }) =>
      list(
        {
          ...listRequest(params),
          caller,
          page,
          listScope: ListScope.LIST_SCOPE_PROJECT,
          projectId: project.id,
        },
        params,
        { kind: 'project', project },
        { project },
      ),
    present,
    related,
  })

  // The commit's requests (MergeRequestsFinder with commit_sha): download_code
  // (the class's before block), then read_merge_request, then the commit.
  if (repository) {
    api.list('/projects/:id/repository/commits/:sha/merge_requests', {
      ability: PUBLIC,
      resolve: 'project',
      requireRepository: true,
      projectAbility: 'readCode',
      params: {
        id: p.string().required(),
        sha: p.string().required(),
        state: p.string().values(['opened', 'closed', 'locked', 'merged', 'all']),
      },
      handle: async ({ caller, params, page, project }) => {
        requireProjectAbility(caller.project, 'readMergeRequest')
        const { commit } = await repository.repository.read.getCommit({
          projectId: project.id,
          sha: params.sha,
          caller,
        })
        const request: ListMergeRequestsRequest = {
          caller,
          page,
          listScope: ListScope.LIST_SCOPE_PROJECT,
          projectId: project.id,
          groupId: 0,
          scope: 'all',
          state: params.state ?? 'all',
          filter: MergeRequestFilter.fromPartial({ commitSha: commit?.id ?? params.sha }),
          not: undefined,
          orderBy: 'created_at',
          ascending: false,
          withMergeStatusRecheck: false,
          nonArchived: false,
        }
        const shown = { with_labels_details: false, view: undefined } as ListParamValues
        return list(request, shown, { kind: 'project', project }, { project })
      },
      present,
      related,
    })
  }

  api.list('/groups/:id/merge_requests', {
    ability: PUBLIC,
    resolve: 'group',
    params: groupListParams,
    rules: groupListRules,
    handle: ({ caller, params, page, group }) =>
      list(
        {
          ...listRequest(params),
          caller,
          page,
          listScope: ListScope.LIST_SCOPE_GROUP,
          groupId: group.id,
        },
        params,
        { kind: 'group', groupId: group.id },
        { withGroupId: true },
      ),
    present,
    related,
  })
}
