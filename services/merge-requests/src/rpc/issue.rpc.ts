import { ListScope, type IssuesServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { createIssue, deleteIssue, getIssue, listIssues, updateIssue } from '../domain/issues.js'
import type { MergeRequestsDeps } from '../domain/ports.js'
import { toCaller, toListFilter } from './from-proto.js'
import { toIssueAttributes, toIssueKey, toIssueMessage } from './issue-to-proto.js'

const LIST_SCOPES: Readonly<Partial<Record<ListScope, 'project' | 'group' | 'global'>>> = {
  [ListScope.LIST_SCOPE_PROJECT]: 'project',
  [ListScope.LIST_SCOPE_GROUP]: 'group',
  [ListScope.LIST_SCOPE_GLOBAL]: 'global',
}

/** gitlab.merge_requests.v1.IssuesService: issues of projects. */
export function issuesService(
  server: GrpcServer,
  deps: MergeRequestsDeps,
  onEvent: () => void,
): IssuesServiceServer {
  return {
    listIssues: server.unary('ListIssues', async (request) => {
      const { issues, total } = await listIssues(deps, {
        caller: toCaller(request.caller),
        listScope: LIST_SCOPES[request.listScope] ?? 'unspecified',
        projectId: request.projectId,
        groupId: request.groupId,
        nonArchived: request.nonArchived,
        scope: request.scope,
        state: request.state,
        filter: toListFilter(request.filter),
        confidential: request.confidential,
        orderBy: request.orderBy,
        ascending: request.ascending,
        page: request.page && { page: request.page.page, perPage: request.page.perPage },
      })
      return { issues: issues.map(toIssueMessage), pageInfo: { total } }
    }),
    getIssue: server.unary('GetIssue', async (request) => ({
      issue: toIssueMessage(
        await getIssue(deps, toCaller(request.caller), toIssueKey(request.issue)),
      ),
    })),
    createIssue: server.unary('CreateIssue', async (request) => {
      const issue = await createIssue(
        deps,
        toCaller(request.caller),
        request.projectId,
        toIssueAttributes(request.attributes),
      )
      onEvent()
      return { issue: toIssueMessage(issue) }
    }),
    updateIssue: server.unary('UpdateIssue', async (request) => {
      const issue = await updateIssue(
        deps,
        toCaller(request.caller),
        toIssueKey(request.issue),
        toIssueAttributes(request.attributes),
      )
      onEvent()
      return { issue: toIssueMessage(issue) }
    }),
    deleteIssue: server.unary('DeleteIssue', async (request) => {
      await deleteIssue(deps, toCaller(request.caller), toIssueKey(request.issue))
      return {}
    }),
  }
}
