import type { Note } from './collaboration-records.js'
import type { Commit } from './diff-version.js'
import {
  hookTime,
  mergeRequestChanges,
  mergeRequestHookAttrs,
  mergeRequestHookPayload,
  noteHookPayload,
} from './hook-payloads.js'
import type { MergeRequest } from './merge-request.js'
import { mergeRequestView } from './merge-request-context.js'

const at = new Date('2026-11-21T12:00:00.000Z')
const later = new Date('2026-11-21T13:30:05.000Z')
const site = { projectWebUrl: 'http://gitlab.example/group/app' }

const mergeRequest: MergeRequest = {
  id: 12,
  iid: 3,
  targetProjectId: 7,
  sourceProjectId: 7,
  title: 'Fix it',
  description: 'Body',
  state: 'opened',
  authorId: 4,
  sourceBranch: 'fix',
  targetBranch: 'main',
  milestoneId: null,
  draft: false,
  mergeStatus: 'can_be_merged',
  hasConflicts: false,
  mergeStatusSourceSha: null,
  mergeStatusTargetSha: null,
  divergedCommitsCount: 0,
  mergeError: null,
  mergeCommitSha: null,
  squashCommitSha: null,
  squash: false,
  shouldRemoveSourceBranch: null,
  forceRemoveSourceBranch: true,
  discussionLocked: null,
  allowCollaboration: false,
  mergeWhenPipelineSucceeds: false,
  mergeUserId: null,
  closedById: null,
  approvalsBeforeMerge: null,
  headPipelineId: 31,
  latestDiffId: null,
  timeEstimate: 0,
  totalTimeSpent: 0,
  upvotes: 0,
  userNotesCount: 0,
  downvotes: 0,
  imported: false,
  createdAt: at,
  updatedAt: at,
  closedAt: null,
  mergedAt: null,
  preparedAt: at,
  mergeAfter: null,
  rebaseInProgress: false,
}

const label = {
  id: 1,
  projectId: 7,
  title: 'bug',
  color: '#6699cc',
  description: '',
  createdAt: at,
  updatedAt: at,
}

const context = {
  labels: [label],
  assigneeIds: [5, 6],
  reviewerIds: [8],
  milestone: undefined,
  diff: undefined,
  blocked: false,
  unresolvedNotes: false,
  approvals: 0,
  project: undefined,
  now: at,
}

const commit: Commit = {
  id: 'a'.repeat(40),
  shortId: 'aaaaaaaa',
  title: 'Add it',
  message: 'Add it\n\nWhy.\n',
  authorName: 'Ada',
  authorEmail: 'ada@example.com',
  authoredDate: new Date('2026-11-20T10:00:00.000Z'),
  committerName: 'Ada',
  committerEmail: 'ada@example.com',
  committedDate: undefined,
  parentIds: [],
  trailers: [],
}

const view = mergeRequestView(mergeRequest, context)

describe('hookTime: Time#to_s as async payloads show it', () => {
  it('prints UTC seconds with the zone name', () => {
    expect(hookTime(later)).toBe('2026-11-21 13:30:05 UTC')
  })
})

describe('mergeRequestHookPayload: GitLab Merge Request Hook', () => {
  it('has GitLab keys in order, with placeholders for the projects service', () => {
    const payload = mergeRequestHookPayload({
      view,
      lastCommit: commit,
      site,
      action: 'open',
      changes: {},
    })
    expect(Object.keys(payload)).toEqual([
      'object_kind',
      'event_type',
      'user',
      'project',
      'object_attributes',
      'labels',
      'changes',
      'repository',
    ])
    expect(payload['user']).toBeNull()
    expect(payload['project']).toBeNull()
    expect(payload['repository']).toBeNull()
    const attributes = payload['object_attributes'] as Record<string, unknown>
    expect(Object.keys(attributes)).toEqual([
      'assignee_id',
      'author_id',
      'blocking_discussions_resolved',
      'created_at',
      'description',
      'draft',
      'head_pipeline_id',
      'id',
      'iid',
      'last_edited_at',
      'last_edited_by_id',
      'merge_commit_sha',
      'merge_error',
      'merge_params',
      'merge_status',
      'merge_user_id',
      'merge_when_pipeline_succeeds',
      'milestone_id',
      'source_branch',
      'source_project_id',
      'state_id',
      'target_branch',
      'target_project_id',
      'time_estimate',
      'title',
      'updated_at',
      'updated_by_id',
      'prepared_at',
      'assignee_ids',
      'detailed_merge_status',
      'first_contribution',
      'human_time_change',
      'human_time_estimate',
      'human_total_time_spent',
      'labels',
      'last_commit',
      'reviewer_ids',
      'source',
      'state',
      'target',
      'time_change',
      'total_time_spent',
      'url',
      'work_in_progress',
      'action',
    ])
    expect(attributes).toMatchObject({
      assignee_id: 5,
      assignee_ids: [5, 6],
      reviewer_ids: [8],
      created_at: '2026-11-21 12:00:00 UTC',
      state_id: 1,
      state: 'opened',
      head_pipeline_id: 31,
      merge_params: { force_remove_source_branch: true },
      detailed_merge_status: 'mergeable',
      blocking_discussions_resolved: true,
      source: null,
      target: null,
      url: 'http://gitlab.example/group/app/-/merge_requests/3',
      action: 'open',
    })
    expect(attributes['last_commit']).toEqual({
      id: commit.id,
      message: 'Add it\n\nWhy.\n',
      title: 'Add it',
      timestamp: '2026-11-20T10:00:00Z',
      url: `http://gitlab.example/group/app/-/commit/${commit.id}`,
      author: { name: 'Ada', email: 'ada@example.com' },
    })
    expect(payload['labels']).toEqual([
      {
        id: 1,
        title: 'bug',
        color: '#6699cc',
        project_id: 7,
        created_at: '2026-11-21 12:00:00 UTC',
        updated_at: '2026-11-21 12:00:00 UTC',
        template: false,
        description: null,
        type: 'ProjectLabel',
        group_id: null,
      },
    ])
  })

  it('ends the attributes with oldrev on a push', () => {
    const payload = mergeRequestHookPayload({
      view,
      lastCommit: undefined,
      site: { projectWebUrl: null },
      action: 'update',
      changes: {},
      oldrev: 'b'.repeat(40),
    })
    const attributes = payload['object_attributes'] as Record<string, unknown>
    expect(Object.keys(attributes).slice(-2)).toEqual(['action', 'oldrev'])
    expect(attributes['last_commit']).toBeNull()
    expect(attributes['url']).toBeNull()
  })
})

describe('mergeRequestChanges: previous and current of what an update changed', () => {
  it('lists changed fields and relations, updated_at last', () => {
    const next = mergeRequestView(
      { ...mergeRequest, title: 'Draft: Fix it', draft: true, state: 'closed', updatedAt: later },
      { ...context, labels: [], assigneeIds: [5] },
    )
    const changes = mergeRequestChanges(
      { mergeRequest, labels: [label], assigneeIds: [5, 6], reviewerIds: [8] },
      next,
    )
    expect(Object.keys(changes)).toEqual([
      'draft',
      'state_id',
      'title',
      'labels',
      'assignees',
      'updated_at',
    ])
    expect(changes['title']).toEqual({ previous: 'Fix it', current: 'Draft: Fix it' })
    expect(changes['state_id']).toEqual({ previous: 1, current: 2 })
    expect(changes['assignees']).toEqual({ previous: [5, 6], current: [5] })
    expect(changes['updated_at']).toEqual({
      previous: '2026-11-21 12:00:00 UTC',
      current: '2026-11-21 13:30:05 UTC',
    })
  })

  it('is empty when nothing changed', () => {
    const same = { mergeRequest, labels: [label], assigneeIds: [5, 6], reviewerIds: [8] }
    expect(mergeRequestChanges(same, view)).toEqual({})
  })
})

describe('noteHookPayload: GitLab Note Hook of a merge request note', () => {
  const note: Note = {
    id: 40,
    noteableType: 'MergeRequest',
    noteableId: 12,
    noteableIid: 3,
    commitId: null,
    commitLine: null,
    projectId: 7,
    authorId: 4,
    body: 'Looks good',
    system: false,
    internal: false,
    resolvable: false,
    resolvedAt: null,
    resolvedById: null,
    createdAt: later,
    updatedAt: later,
    discussionId: 'c'.repeat(40),
    type: null,
    position: null,
  }

  it('has GitLab keys in order and the request without its action', () => {
    const payload = noteHookPayload({
      note,
      noteableAttrs: mergeRequestHookAttrs(view, undefined, site),
      noteableUrl: 'http://gitlab.example/group/app/-/merge_requests/3',
      action: 'create',
    })
    expect(Object.keys(payload)).toEqual([
      'object_kind',
      'event_type',
      'user',
      'project_id',
      'project',
      'object_attributes',
      'repository',
      'merge_request',
    ])
    expect(payload).toMatchObject({ object_kind: 'note', event_type: 'note', project_id: 7 })
    const attributes = payload['object_attributes'] as Record<string, unknown>
    expect(Object.keys(attributes)).toEqual([
      'attachment',
      'author_id',
      'change_position',
      'commit_id',
      'created_at',
      'discussion_id',
      'id',
      'line_code',
      'note',
      'noteable_id',
      'noteable_type',
      'original_position',
      'position',
      'project_id',
      'resolved_at',
      'resolved_by_id',
      'resolved_by_push',
      'st_diff',
      'system',
      'type',
      'updated_at',
      'updated_by_id',
      'description',
      'url',
      'action',
    ])
    expect(attributes).toMatchObject({
      note: 'Looks good',
      noteable_type: 'MergeRequest',
      noteable_id: 12,
      created_at: '2026-11-21 13:30:05 UTC',
      type: null,
      url: 'http://gitlab.example/group/app/-/merge_requests/3#note_40',
      action: 'create',
    })
    const request = payload['merge_request'] as Record<string, unknown>
    expect(request['iid']).toBe(3)
    expect(request).not.toHaveProperty('action')
  })

  it('shows a DiffNote position as GitLab hashes it', () => {
    const diffNote: Note = {
      ...note,
      type: 'DiffNote',
      position: {
        baseSha: '1'.repeat(40),
        startSha: '2'.repeat(40),
        headSha: '3'.repeat(40),
        positionType: 'text',
        oldPath: 'a.txt',
        newPath: 'a.txt',
        oldLine: null,
        newLine: 4,
      },
    }
    const payload = noteHookPayload({
      note: diffNote,
      noteableAttrs: {},
      noteableUrl: null,
      action: 'update',
    })
    const attributes = payload['object_attributes'] as Record<string, unknown>
    expect(attributes['type']).toBe('DiffNote')
    expect(attributes['position']).toEqual({
      base_sha: '1'.repeat(40),
      start_sha: '2'.repeat(40),
      head_sha: '3'.repeat(40),
      old_path: 'a.txt',
      new_path: 'a.txt',
      position_type: 'text',
      old_line: null,
      new_line: 4,
      line_range: null,
    })
    expect(attributes['url']).toBeNull()
  })
})
