/** The domain's blocks, approvals, award emoji and to-dos as messages. */
import type {
  Approvals as ApprovalsMessage,
  AwardEmoji as AwardEmojiMessage,
  Block as BlockMessage,
  DiffPosition as DiffPositionMessage,
  Discussion as DiscussionMessage,
  Note as NoteMessage,
  ResourceLabelEvent as ResourceLabelEventMessage,
  ResourceMilestoneEvent as ResourceMilestoneEventMessage,
  ResourceStateEvent as ResourceStateEventMessage,
  Todo as TodoMessage,
} from '@suite/proto'
import type { ApprovalState } from '../domain/approvals.js'
import { labelView, milestoneView } from '../domain/catalog-views.js'
import type { ResourceLabelEvent, ResourceMilestoneEvent } from '../domain/event-records.js'
import { toLabelMessage, toMilestoneMessage } from './to-proto.js'
import type { BlockView } from '../domain/blocks.js'
import type { AwardEmoji, Note } from '../domain/collaboration-records.js'
import type { DiffPosition } from '../domain/diff-position.js'
import type { Discussion } from '../domain/discussions.js'
import type { ResourceStateEvent } from '../domain/resource-state-events.js'
import type { TodoView } from '../domain/todos.js'
import { toMergeRequestMessage } from './to-proto.js'

export function toBlockMessage(block: BlockView): BlockMessage {
  return {
    id: block.id,
    blockingMergeRequest:
      block.blockingMergeRequest && toMergeRequestMessage(block.blockingMergeRequest),
    blockedMergeRequest:
      block.blockedMergeRequest && toMergeRequestMessage(block.blockedMergeRequest),
    projectId: block.projectId,
  }
}

export function toApprovalsMessage(state: ApprovalState): ApprovalsMessage {
  return {
    mergeRequest: state.mergeRequest && toMergeRequestMessage(state.mergeRequest),
    approvedBy: state.approvedBy.map((approval) => ({
      userId: approval.userId,
      approvedAt: approval.approvedAt,
    })),
    userHasApproved: state.userHasApproved,
    userCanApprove: state.userCanApprove,
  }
}

export function toAwardEmojiMessage(award: AwardEmoji): AwardEmojiMessage {
  return {
    id: award.id,
    name: award.name,
    userId: award.userId,
    createdAt: award.createdAt,
    updatedAt: award.updatedAt,
    awardableId: award.awardable.id,
    awardableType: award.awardable.type,
  }
}

export function toTodoMessage(todo: TodoView): TodoMessage {
  return {
    id: todo.id,
    projectId: todo.projectId,
    authorId: todo.authorId,
    userId: todo.userId,
    actionName: todo.action,
    targetType: 'MergeRequest',
    target: todo.target && toMergeRequestMessage(todo.target),
    body: todo.body,
    state: todo.state,
    createdAt: todo.createdAt,
  }
}

/** A note as gitlab.merge_requests.v1.Note. */
export function toNoteMessage(note: Note): NoteMessage {
  return {
    id: note.id,
    body: note.body,
    authorId: note.authorId,
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
    system: note.system,
    noteableId: note.noteableId,
    noteableIid: note.noteableIid,
    noteableType: note.noteableType,
    projectId: note.projectId,
    internal: note.internal,
    resolvable: note.resolvable,
    resolved: note.resolvedAt !== null,
    resolvedById: note.resolvedById ?? undefined,
    resolvedAt: note.resolvedAt ?? undefined,
    discussionId: note.discussionId,
    type: note.type ?? '',
    position: note.position ? toDiffPositionMessage(note.position) : undefined,
    commitId: note.commitId ?? '',
    commitLine: note.commitLine ?? undefined,
  }
}

export function toDiffPositionMessage(position: DiffPosition): DiffPositionMessage {
  return {
    baseSha: position.baseSha,
    startSha: position.startSha,
    headSha: position.headSha,
    positionType: position.positionType,
    oldPath: position.oldPath,
    newPath: position.newPath,
    oldLine: position.oldLine ?? undefined,
    newLine: position.newLine ?? undefined,
  }
}

/** gitlab.merge_requests.v1.DiffPosition as the domain's (position_type text only). */
export function fromDiffPositionMessage(message: DiffPositionMessage): DiffPosition {
  return {
    baseSha: message.baseSha,
    startSha: message.startSha,
    headSha: message.headSha,
    positionType: 'text',
    oldPath: message.oldPath,
    newPath: message.newPath,
    oldLine: message.oldLine ?? null,
    newLine: message.newLine ?? null,
  }
}

export function toDiscussionMessage(discussion: Discussion): DiscussionMessage {
  return {
    id: discussion.id,
    individualNote: discussion.individualNote,
    notes: discussion.notes.map(toNoteMessage),
  }
}

export function toResourceStateEventMessage(event: ResourceStateEvent): ResourceStateEventMessage {
  return {
    id: event.id,
    userId: event.userId ?? undefined,
    createdAt: event.createdAt,
    resourceId: event.mergeRequestId,
    state: event.state,
    sourceCommit: event.sourceCommit ?? undefined,
    sourceMergeRequestId: event.sourceMergeRequestId ?? undefined,
  }
}

export function toResourceLabelEventMessage(event: ResourceLabelEvent): ResourceLabelEventMessage {
  return {
    id: event.id,
    userId: event.userId ?? undefined,
    createdAt: event.createdAt,
    resourceId: event.mergeRequestId,
    label: event.label ? toLabelMessage(labelView(event.label)) : undefined,
    action: event.action,
  }
}

export function toResourceMilestoneEventMessage(
  event: ResourceMilestoneEvent,
): ResourceMilestoneEventMessage {
  return {
    id: event.id,
    userId: event.userId ?? undefined,
    createdAt: event.createdAt,
    resourceId: event.mergeRequestId,
    milestone: event.milestone ? toMilestoneMessage(milestoneView(event.milestone)) : undefined,
    action: event.action,
    state: event.state,
  }
}
