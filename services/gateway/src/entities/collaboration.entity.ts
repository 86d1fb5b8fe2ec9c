import type { Approvals, AwardEmoji, Block, Project, Todo } from '@suite/proto'
import { presentMergeRequestBasic } from './merge-request-basic.entity.js'
import { mergeRequestUserIds } from './merge-request-item.js'
import { mergeRequestWebUrl, type ReferenceBase } from './merge-request-links.js'
import { presentMergeRequest } from './merge-request.entity.js'
import { isoTime, type PresentContext } from './present-context.js'
import { presentRelatedUser } from './related-user.js'

/** A block with the projects of both merge requests (they may live in different projects). */
export interface BlockItem {
  block: Block
  projects: ReadonlyMap<number, Project>
  base: ReferenceBase
}

/** EE's API::Entities::MergeRequestDependency: both requests as MergeRequestBasic. */
export function presentBlock({ block, projects, base }: BlockItem, ctx: PresentContext) {
  const side = (mr: Block['blockingMergeRequest']) =>
    mr
      ? presentMergeRequestBasic(
          { mergeRequest: mr, project: projects.get(mr.targetProjectId), base },
          ctx,
        )
      : null
  return {
    id: block.id,
    blocking_merge_request: side(block.blockingMergeRequest),
    blocked_merge_request: side(block.blockedMergeRequest),
    project_id: block.projectId,
  }
}

/** Users of both merge requests of a block. */
export function blockUserIds({ block }: BlockItem): number[] {
  return [block.blockingMergeRequest, block.blockedMergeRequest].flatMap((mr) =>
    mr ? mergeRequestUserIds(mr) : [],
  )
}

/** A to-do with its merge request's project. */
export interface TodoItem {
  todo: Todo
  project: Project
}

/** API::Entities::Todo of a merge request to-do (target as API::Entities::MergeRequest). */
export function presentTodo({ todo, project }: TodoItem, ctx: PresentContext) {
  const target = todo.target
  return {
    id: todo.id,
    project: {
      id: project.id,
      description: project.description ?? null,
      name: project.name,
      name_with_namespace: `${project.namespaceFullName} / ${project.name}`,
      path: project.path,
      path_with_namespace: `${project.namespaceFullPath}/${project.path}`,
      created_at: isoTime(project.createdAt),
    },
    author: presentRelatedUser(todo.authorId, ctx),
    action_name: todo.actionName,
    target_type: todo.targetType,
    target: target
      ? presentMergeRequest(
          { mergeRequest: target, project, base: { kind: 'project', project } },
          ctx,
        )
      : null,
    target_url: mergeRequestWebUrl(ctx.externalUrl, project, target?.iid ?? 0),
    body: todo.body,
    state: todo.state,
    created_at: isoTime(todo.createdAt),
    updated_at: isoTime(todo.createdAt),
  }
}

/** The to-do's author and its target's users. */
export function todoUserIds({ todo }: TodoItem): number[] {
  return [todo.authorId, ...(todo.target ? mergeRequestUserIds(todo.target) : [])]
}

/** API::Entities::MergeRequestApprovals (CE). */
export function presentApprovals(approvals: Approvals, ctx: PresentContext) {
  return {
    user_has_approved: approvals.userHasApproved,
    user_can_approve: approvals.userCanApprove,
    approved: approvals.approvedBy.length > 0,
    approved_by: approvals.approvedBy.map((approval) => ({
      user: presentRelatedUser(approval.userId, ctx),
      approved_at: isoTime(approval.approvedAt),
    })),
  }
}

/** The approvers. */
export function approvalUserIds(approvals: Approvals): number[] {
  return approvals.approvedBy.map((approval) => approval.userId)
}

/** API::Entities::AwardEmoji. */
export function presentAwardEmoji(award: AwardEmoji, ctx: PresentContext) {
  return {
    id: award.id,
    name: award.name,
    user: presentRelatedUser(award.userId, ctx),
    created_at: isoTime(award.createdAt),
    updated_at: isoTime(award.updatedAt),
    awardable_id: award.awardableId,
    awardable_type: award.awardableType,
    url: null,
  }
}

/** The award's user. */
export function awardEmojiUserIds(award: AwardEmoji): number[] {
  return [award.userId]
}
