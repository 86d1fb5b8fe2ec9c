import type { MergeRequest, Project } from '@suite/proto'
import type { ReferenceBase } from './merge-request-links.js'

/** A merge request with what its presenters need besides the message. */
export interface MergeRequestItem {
  mergeRequest: MergeRequest
  /** Its target project (one BatchGetProjects call per request); undefined if not loaded. */
  project: Project | undefined
  /** What references.relative is relative to. */
  base: ReferenceBase
  /** Labels as LabelBasic objects instead of names (with_labels_details). */
  withLabelsDetails?: boolean
}

/** Users a merge request names: author, assignees, reviewers, merge user, closer. */
export function mergeRequestUserIds(mergeRequest: MergeRequest): number[] {
  return [
    mergeRequest.authorId,
    ...mergeRequest.assigneeIds,
    ...mergeRequest.reviewerIds,
    ...(mergeRequest.mergeUserId === undefined ? [] : [mergeRequest.mergeUserId]),
    ...(mergeRequest.closedById === undefined ? [] : [mergeRequest.closedById]),
  ]
}

/** `related` of a route answering merge request items. */
export function mergeRequestItemUserIds(item: MergeRequestItem): number[] {
  return mergeRequestUserIds(item.mergeRequest)
}
