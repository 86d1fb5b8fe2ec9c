import { ListScope, type Issue, type ListIssuesRequest, type Project } from '@suite/proto'
import { AUTHENTICATED, PUBLIC, type Ability } from '../auth/abilities.js'
import { loadProjects } from '../clients/merge-request-lookups.js'
import { unauthorized } from '../errors/http-error.js'
import { requireField } from '../clients/require-field.js'
import { issueUserIds, presentIssue, type IssueItem } from '../entities/issue.entity.js'
import type { ReferenceBase } from '../entities/merge-request-links.js'
import type { ParamValues } from '../params/parse-params.js'
import { mergeRequestFilter } from '../params/merge-request-filter.js'
import {
  createIssueParams,
  globalIssueListParams,
  groupIssueListParams,
  issueAttributes,
  issueListParams,
  issueListRules,
  issuePathParams,
  updateIssueParams,
  updateIssueRules,
} from '../params/issue-params.js'
import type { ApiRouter } from './api-router.js'
import type { MergeRequestRouteDeps } from './merge-request-route-deps.js'
import { ISSUE_NOTEABLE } from './noteable-routes.js'

const SINGLE = '/projects/:id/issues/:issue_iid'

/** GET /issues: `authenticate! unless params[:scope] == 'all'`. */
const READ_GLOBAL_LIST: Ability = {
  authorize: (principal, params) => {
    if (!principal.user && params['scope'] !== 'all') throw unauthorized()
  },
}

type ListParams = ParamValues<typeof issueListParams>

/** The request fields every issue list shares. */
function listRequest(
  params: Omit<ListParams, 'id'>,
): Pick<
  ListIssuesRequest,
  'scope' | 'state' | 'filter' | 'confidential' | 'orderBy' | 'ascending'
> {
  return {
    scope: params.scope.replace(/-/g, '_'),
    state: params.state,
    // Issues take none of the merge request filters beyond these.
    filter: mergeRequestFilter({
      ...params,
      reviewer_username: undefined,
      my_reaction_emoji: undefined,
    }),
    confidential: params.confidential,
    orderBy: params.order_by,
    ascending: params.sort === 'asc',
  }
}

/** A single-issue answer of the project (with `subscribed`). */
function single(issue: Issue | undefined, project: Project): IssueItem {
  return {
    issue: requireField(issue, 'issue'),
    project,
    base: { kind: 'project', project },
    withLabelsDetails: false,
    includeSubscribed: true,
  }
}

/**
 * lib/api/issues.rb, the project's endpoints: the list, one issue, create,
 * update (close and reopen with state_event) and delete. Who may read or
 * change an issue is the merge-requests service's answer (IssuesService),
 * from the projects service's issue abilities.
 */
export function issueRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  const issues = deps.mergeRequests.IssuesService
  const detail = { present: presentIssue, related: issueUserIds, entity: 'Issue' }

  /** One page of a list, each issue with its project for web_url and references. */
  async function list(
    request: ListIssuesRequest,
    params: { with_labels_details: boolean },
    base: ReferenceBase,
    project?: Project,
  ) {
    const answer = await issues.read.listIssues(request)
    const known = project
      ? new Map([[project.id, project]])
      : await loadProjects(
          deps.projects,
          answer.issues.map((issue) => issue.projectId),
        )
    const items = answer.issues.map((issue): IssueItem => ({
      issue,
      project: known.get(issue.projectId),
      base,
      withLabelsDetails: params.with_labels_details,
      includeSubscribed: false,
    }))
    return { items, total: answer.pageInfo?.total ?? items.length }
  }

  api.list('/issues', {
    ability: READ_GLOBAL_LIST,
    params: globalIssueListParams,
    rules: issueListRules,
    handle: ({ caller, params, page }) =>
      list(
        {
          ...listRequest(params),
          caller,
          page,
          listScope: ListScope.LIST_SCOPE_GLOBAL,
          projectId: 0,
          groupId: 0,
          nonArchived: false,
        },
        params,
        { kind: 'none' },
      ),
    ...detail,
  })

  api.list('/groups/:id/issues', {
    ability: PUBLIC,
    resolve: 'group',
    params: groupIssueListParams,
    rules: issueListRules,
    handle: ({ caller, params, page, group }) =>
      list(
        {
          ...listRequest(params),
          caller,
          page,
          listScope: ListScope.LIST_SCOPE_GROUP,
          projectId: 0,
          groupId: group.id,
          nonArchived: params.non_archived,
        },
        params,
        { kind: 'group', groupId: group.id },
      ),
    ...detail,
  })

  api.list('/projects/:id/issues', {
    ability: PUBLIC,
    resolve: 'project',
    params: issueListParams,
    rules: issueListRules,
    handle: ({ caller, project, params, page }) =>
      list(
        {
          ...listRequest(params),
          caller,
          page,
          listScope: ListScope.LIST_SCOPE_PROJECT,
          projectId: project.id,
          groupId: 0,
          nonArchived: false,
        },
        params,
        { kind: 'project', project },
        project,
      ),
    ...detail,
  })

  api.get(SINGLE, {
    ability: PUBLIC,
    resolve: 'project',
    params: issuePathParams,
    handle: async ({ caller, project, params }) => {
      const answer = await issues.read.getIssue({
        caller,
        issue: { projectId: project.id, iid: params.issue_iid },
      })
      return single(answer.issue, project)
    },
    ...detail,
  })

  api.post('/projects/:id/issues', {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: createIssueParams,
    handle: async ({ caller, project, params }) => {
      const answer = await issues.write.createIssue({
        caller,
        projectId: project.id,
        attributes: issueAttributes(params),
      })
      return single(answer.issue, project)
    },
    ...detail,
  })

  api.put(SINGLE, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: updateIssueParams,
    rules: updateIssueRules,
    handle: async ({ caller, project, params }) => {
      const answer = await issues.write.updateIssue({
        caller,
        issue: { projectId: project.id, iid: params.issue_iid },
        attributes: issueAttributes(params),
      })
      return single(answer.issue, project)
    },
    ...detail,
  })

  // API::Subscriptions for issues: 201 with the issue, or 304 without a body
  // when nothing changes; the service answers 404 for an issue the caller may not read.
  for (const action of ['subscribe', 'unsubscribe'] as const) {
    api.post(`${SINGLE}/${action}`, {
      ability: AUTHENTICATED,
      resolve: 'project',
      projectAbility: 'readIssue',
      params: issuePathParams,
      handle: async ({ caller, project, params }) => {
        const request = {
          caller,
          mergeRequest: ISSUE_NOTEABLE.key(project, params),
        }
        const collaboration = deps.mergeRequests.collaboration
        const answer =
          action === 'subscribe'
            ? await collaboration.write.subscribe(request)
            : await collaboration.write.unsubscribe(request)
        return single(answer.issue, project)
      },
      ...detail,
    })
  }

  api.delete(SINGLE, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: issuePathParams,
    handle: async ({ caller, project, params }) => {
      await issues.write.deleteIssue({
        caller,
        issue: { projectId: project.id, iid: params.issue_iid },
      })
    },
  })
}
