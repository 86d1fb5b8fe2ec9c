/** Request messages as the domain's inputs. */
import {
  ListScope as ListScopeMessage,
  type Caller as CallerMessage,
  type CreateMergeRequestRequest,
  type IdsMatch as IdsMatchMessage,
  type ListMergeRequestsRequest,
  type MergeMergeRequestRequest,
  type MergeRequestAttributes as AttributesMessage,
  type MergeRequestFilter,
  type MergeRequestKey as KeyMessage,
  type NameMatch as NameMatchMessage,
  type UpdateMergeRequestRequest,
  type UserMatch as UserMatchMessage,
} from '@suite/proto'
import { NotFoundError } from '@suite/runtime'
import { toProjectGrants } from '../clients/project-grants.js'
import type { Caller } from '../domain/caller.js'
import type { CreateMergeRequestInput } from '../domain/create-merge-request.js'
import type { ListFilter, IdsMatch, NameMatch, UserMatch } from '../domain/list-filter.js'
import type { ListMergeRequestsInput, ListScope } from '../domain/list-merge-requests.js'
import type { MergeInput } from '../domain/merge.js'
import type { MergeRequestKey } from '../domain/merge-request.js'
import type { MergeRequestAttributes } from '../domain/merge-request-attributes.js'
import type { UpdateMergeRequestInput } from '../domain/update-merge-request.js'

/**
 * The caller as the domain sees it; none when the request carries none.
 * Caller.group is not read: no merge request rule depends on it.
 */
export function toCaller(message: CallerMessage | undefined): Caller | undefined {
  if (!message) return undefined
  return {
    userId: message.userId,
    admin: message.admin,
    scopes: [...message.scopes],
    project: toProjectGrants(message.project),
  }
}

/** The merge request a request names; a request without one names none (404). */
export function toMergeRequestKey(key: KeyMessage | undefined): MergeRequestKey {
  if (!key) throw new NotFoundError('Merge Request')
  return { projectId: key.projectId, iid: key.iid }
}

export function toAttributes(message: AttributesMessage): MergeRequestAttributes {
  return {
    title: message.title,
    description: message.description,
    targetBranch: message.targetBranch,
    setAssignees: message.setAssignees,
    assigneeIds: [...message.assigneeIds],
    setReviewers: message.setReviewers,
    reviewerIds: [...message.reviewerIds],
    setLabels: message.setLabels,
    labels: [...message.labels],
    addLabels: [...message.addLabels],
    removeLabels: [...message.removeLabels],
    milestoneId: message.milestoneId,
    removeSourceBranch: message.removeSourceBranch,
    squash: message.squash,
    allowCollaboration: message.allowCollaboration,
    discussionLocked: message.discussionLocked,
    stateEvent: message.stateEvent,
    mergeAfter: message.mergeAfter,
    clearMergeAfter: message.clearMergeAfter,
    approvalsBeforeMerge: message.approvalsBeforeMerge,
  }
}

export function toCreateMergeRequestInput(
  request: CreateMergeRequestRequest,
): CreateMergeRequestInput {
  return {
    caller: toCaller(request.caller),
    projectId: request.projectId,
    sourceBranch: request.sourceBranch,
    targetBranch: request.targetBranch,
    title: request.title,
    targetProjectId: request.targetProjectId,
    attributes: request.attributes && toAttributes(request.attributes),
    idempotencyKey: request.idempotencyKey,
  }
}

export function toUpdateMergeRequestInput(
  request: UpdateMergeRequestRequest,
): UpdateMergeRequestInput {
  return {
    caller: toCaller(request.caller),
    projectId: request.projectId,
    iid: request.iid,
    attributes: request.attributes && toAttributes(request.attributes),
  }
}

export function toMergeInput(request: MergeMergeRequestRequest): MergeInput {
  return {
    caller: toCaller(request.caller),
    projectId: request.projectId,
    iid: request.iid,
    mergeCommitMessage: request.mergeCommitMessage,
    squashCommitMessage: request.squashCommitMessage,
    squash: request.squash,
    shouldRemoveSourceBranch: request.shouldRemoveSourceBranch,
    sha: request.sha,
    autoMerge: request.autoMerge,
    committerName: request.committerName,
    committerEmail: request.committerEmail,
  }
}

function toUserMatch(match: UserMatchMessage | undefined): UserMatch | undefined {
  return match && { id: match.id, username: match.username, none: match.none, any: match.any }
}

function toNameMatch(match: NameMatchMessage | undefined): NameMatch | undefined {
  return match && { names: [...match.names], none: match.none, any: match.any }
}

function toIdsMatch(match: IdsMatchMessage | undefined): IdsMatch | undefined {
  return (
    match && {
      ids: [...match.ids],
      usernames: [...match.usernames],
      none: match.none,
      any: match.any,
    }
  )
}

export function toListFilter(filter: MergeRequestFilter | undefined): ListFilter | undefined {
  if (!filter) return undefined
  return {
    author: toUserMatch(filter.author),
    assignee: toUserMatch(filter.assignee),
    reviewer: toUserMatch(filter.reviewer),
    mergeUser: toUserMatch(filter.mergeUser),
    approvedBy: toIdsMatch(filter.approvedBy),
    approver: toIdsMatch(filter.approver),
    labels: toNameMatch(filter.labels),
    milestone: toNameMatch(filter.milestone),
    myReactionEmoji: toNameMatch(filter.myReactionEmoji),
    createdAfter: filter.createdAfter,
    createdBefore: filter.createdBefore,
    updatedAfter: filter.updatedAfter,
    updatedBefore: filter.updatedBefore,
    deployedAfter: filter.deployedAfter,
    deployedBefore: filter.deployedBefore,
    environment: filter.environment,
    sourceBranch: filter.sourceBranch,
    targetBranch: filter.targetBranch,
    commitSha: filter.commitSha,
    iids: [...filter.iids],
    draft: filter.draft,
    search: filter.search,
    searchIn: [...filter.searchIn],
  }
}

const LIST_SCOPES: Readonly<Partial<Record<ListScopeMessage, ListScope>>> = {
  [ListScopeMessage.LIST_SCOPE_GLOBAL]: 'global',
  [ListScopeMessage.LIST_SCOPE_PROJECT]: 'project',
  [ListScopeMessage.LIST_SCOPE_GROUP]: 'group',
}

export function toListMergeRequestsInput(
  request: ListMergeRequestsRequest,
): ListMergeRequestsInput {
  return {
    caller: toCaller(request.caller),
    listScope: LIST_SCOPES[request.listScope] ?? 'unspecified',
    projectId: request.projectId,
    groupId: request.groupId,
    scope: request.scope,
    state: request.state,
    filter: toListFilter(request.filter),
    not: toListFilter(request.not),
    orderBy: request.orderBy,
    ascending: request.ascending,
    page: request.page && { page: request.page.page, perPage: request.page.perPage },
    withMergeStatusRecheck: request.withMergeStatusRecheck,
    nonArchived: request.nonArchived,
  }
}
