/**
 * GitLab's webhook payloads of merge requests and their notes, in GitLab's
 * key order (Gitlab::DataBuilder::Issuable and ::Note, HookData builders).
 * The `user`, `project`, `repository` and source/target project blocks are
 * null placeholders: the projects worker fills them from what it owns.
 */
import { hookTime } from '@suite/runtime'
import type { Commit } from './diff-version.js'
import type { Label } from './label.js'
import type { MergeRequest } from './merge-request.js'
import type { MergeRequestView } from './merge-request-view.js'
import type { Note } from './collaboration-records.js'

/** Where a project's pages are: `<external URL>/<full path>`; null when the project is unknown. */
export interface HookSite {
  projectWebUrl: string | null
}

/** MergeRequest hook actions (the `action` of object_attributes). */
export type MergeRequestHookAction =
  'open' | 'update' | 'close' | 'reopen' | 'merge' | 'approved' | 'unapproved'

/** A request as it was before the change: its row and its people and labels. */
export interface MergeRequestBefore {
  mergeRequest: MergeRequest
  labels: readonly Label[]
  assigneeIds: readonly number[]
  reviewerIds: readonly number[]
}

export { hookTime }

/** GitLab's state_id of a merge request state. */
const STATE_IDS: Readonly<Record<string, number>> = { opened: 1, closed: 2, merged: 3, locked: 4 }

function stateId(state: string): number | null {
  return STATE_IDS[state] ?? null
}

/** Label#hook_attrs. */
export function labelHookAttrs(label: Label): Record<string, unknown> {
  return {
    id: label.id,
    title: label.title,
    color: label.color,
    project_id: label.projectId,
    created_at: hookTime(label.createdAt),
    updated_at: hookTime(label.updatedAt),
    template: false,
    description: label.description === '' ? null : label.description,
    type: 'ProjectLabel',
    group_id: null,
  }
}

/** Commit#hook_attrs without the file lists (a merge request's last_commit). */
export function commitHookAttrs(commit: Commit, site: HookSite): Record<string, unknown> {
  const at = commit.authoredDate ?? commit.committedDate
  return {
    id: commit.id,
    message: commit.message,
    title: commit.title,
    timestamp: at ? `${at.toISOString().slice(0, 19)}Z` : null,
    url: site.projectWebUrl && `${site.projectWebUrl}/-/commit/${commit.id}`,
    author: { name: commit.authorName, email: commit.authorEmail },
  }
}

/** Gitlab::UrlBuilder's URL of a merge request. */
export function mergeRequestUrl(site: HookSite, iid: number): string | null {
  return site.projectWebUrl && `${site.projectWebUrl}/-/merge_requests/${iid}`
}

/** MergeRequest#hook_attrs (HookData::MergeRequestBuilder), without the action. */
export function mergeRequestHookAttrs(
  view: MergeRequestView,
  lastCommit: Commit | undefined,
  site: HookSite,
): Record<string, unknown> {
  return {
    assignee_id: view.assigneeIds[0] ?? null,
    author_id: view.authorId,
    blocking_discussions_resolved: view.blockingDiscussionsResolved,
    created_at: hookTime(view.createdAt),
    description: view.description,
    draft: view.draft,
    head_pipeline_id: view.headPipelineId,
    id: view.id,
    iid: view.iid,
    last_edited_at: null,
    last_edited_by_id: null,
    merge_commit_sha: view.mergeCommitSha,
    merge_error: view.mergeError,
    merge_params:
      view.forceRemoveSourceBranch === null
        ? {}
        : { force_remove_source_branch: view.forceRemoveSourceBranch },
    merge_status: view.mergeStatus,
    merge_user_id: view.mergeUserId,
    merge_when_pipeline_succeeds: view.mergeWhenPipelineSucceeds,
    milestone_id: view.milestoneId,
    source_branch: view.sourceBranch,
    source_project_id: view.sourceProjectId,
    state_id: stateId(view.state),
    target_branch: view.targetBranch,
    target_project_id: view.targetProjectId,
    time_estimate: view.timeEstimate,
    title: view.title,
    updated_at: hookTime(view.updatedAt),
    updated_by_id: null,
    prepared_at: hookTime(view.preparedAt),
    assignee_ids: view.assigneeIds,
    detailed_merge_status: view.detailedMergeStatus,
    first_contribution: false,
    human_time_change: null,
    human_time_estimate: view.timeStats.humanTimeEstimate ?? null,
    human_total_time_spent: view.timeStats.humanTotalTimeSpent ?? null,
    labels: view.labels.map(labelHookAttrs),
    last_commit: lastCommit ? commitHookAttrs(lastCommit, site) : null,
    reviewer_ids: view.reviewerIds,
    source: null,
    state: view.state,
    target: null,
    time_change: 0,
    total_time_spent: view.totalTimeSpent,
    url: mergeRequestUrl(site, view.iid),
    work_in_progress: view.draft,
  }
}

type Changes = Record<string, { previous: unknown; current: unknown }>

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, index) => id === b[index])

/**
 * The `changes` of an update: previous and current of the safe attributes
 * and relations that changed (people as id lists: their user blocks belong
 * to identity), updated_at last as GitLab's dirty tracking lists it.
 */
export function mergeRequestChanges(before: MergeRequestBefore, after: MergeRequestView): Changes {
  const changes: Changes = {}
  const prev = before.mergeRequest
  const field = (key: string, previous: unknown, current: unknown) => {
    if (previous !== current) changes[key] = { previous, current }
  }
  field('description', prev.description, after.description)
  field('draft', prev.draft, after.draft)
  field('merge_status', prev.mergeStatus, after.mergeStatus)
  field('milestone_id', prev.milestoneId, after.milestoneId)
  field('state_id', stateId(prev.state), stateId(after.state))
  field('target_branch', prev.targetBranch, after.targetBranch)
  field('time_estimate', prev.timeEstimate, after.timeEstimate)
  field('title', prev.title, after.title)
  const labelIds = (labels: readonly Label[]) => labels.map((label) => label.id).sort()
  if (!sameIds(labelIds(before.labels), labelIds(after.labels))) {
    changes['labels'] = {
      previous: before.labels.map(labelHookAttrs),
      current: after.labels.map(labelHookAttrs),
    }
  }
  if (!sameIds(before.assigneeIds, after.assigneeIds)) {
    changes['assignees'] = { previous: [...before.assigneeIds], current: after.assigneeIds }
  }
  if (!sameIds(before.reviewerIds, after.reviewerIds)) {
    changes['reviewers'] = { previous: [...before.reviewerIds], current: after.reviewerIds }
  }
  if (Object.keys(changes).length > 0 && prev.updatedAt.getTime() !== after.updatedAt.getTime()) {
    changes['updated_at'] = {
      previous: hookTime(prev.updatedAt),
      current: hookTime(after.updatedAt),
    }
  }
  return changes
}

/** The Merge Request Hook payload (Gitlab::DataBuilder::Issuable#build plus the action). */
export function mergeRequestHookPayload(input: {
  view: MergeRequestView
  lastCommit: Commit | undefined
  site: HookSite
  action: MergeRequestHookAction
  changes: Changes
  /** The source head before a push (update with new commits only). */
  oldrev?: string
}): Record<string, unknown> {
  const { view, site, action } = input
  return {
    object_kind: 'merge_request',
    event_type: 'merge_request',
    user: null,
    project: null,
    object_attributes: {
      ...mergeRequestHookAttrs(view, input.lastCommit, site),
      action,
      ...(input.oldrev === undefined ? {} : { oldrev: input.oldrev }),
    },
    labels: view.labels.map(labelHookAttrs),
    changes: input.changes,
    repository: null,
  }
}

/** DiffNote#position as GitLab's hook shows it (Gitlab::Diff::Position#to_h). */
function positionHash(note: Note): Record<string, unknown> | null {
  const position = note.position
  if (!position) return null
  return {
    base_sha: position.baseSha,
    start_sha: position.startSha,
    head_sha: position.headSha,
    old_path: position.oldPath,
    new_path: position.newPath,
    position_type: position.positionType,
    old_line: position.oldLine,
    new_line: position.newLine,
    line_range: null,
  }
}

/** Where the Note Hook payload puts the noteable's hook attributes. */
const NOTEABLE_KEYS: Readonly<Record<Note['noteableType'], string>> = {
  MergeRequest: 'merge_request',
  Issue: 'issue',
  Commit: 'commit',
}

/**
 * The Note Hook payload of a merge request's, an issue's or a commit's note
 * (Gitlab::DataBuilder::Note#build): the noteable's hook attributes under
 * merge_request or issue.
 */
export function noteHookPayload(input: {
  note: Note
  noteableAttrs: Record<string, unknown>
  noteableUrl: string | null
  action: 'create' | 'update'
  /** A note on a confidential issue is confidential too (confidential?(include_noteable: true)). */
  confidentialNoteable?: boolean
}): Record<string, unknown> {
  const { note } = input
  const position = positionHash(note)
  const confidential = note.internal || input.confidentialNoteable === true
  return {
    object_kind: 'note',
    // Gitlab::DataBuilder::Note: an internal note is a confidential_note event.
    event_type: confidential ? 'confidential_note' : 'note',
    user: null,
    project_id: note.projectId,
    project: null,
    object_attributes: {
      attachment: null,
      author_id: note.authorId,
      change_position: null,
      commit_id: note.commitId,
      created_at: hookTime(note.createdAt),
      discussion_id: note.discussionId,
      id: note.id,
      line_code: null,
      note: note.body,
      noteable_id: note.noteableType === 'Commit' ? null : note.noteableId,
      noteable_type: note.noteableType,
      original_position: position,
      position,
      project_id: note.projectId,
      resolved_at: hookTime(note.resolvedAt),
      resolved_by_id: note.resolvedById,
      resolved_by_push: null,
      st_diff: null,
      system: note.system,
      type: note.type,
      updated_at: hookTime(note.updatedAt),
      updated_by_id: null,
      description: note.body,
      url: input.noteableUrl && `${input.noteableUrl}#note_${note.id}`,
      action: input.action,
    },
    repository: null,
    [NOTEABLE_KEYS[note.noteableType]]: input.noteableAttrs,
  }
}
