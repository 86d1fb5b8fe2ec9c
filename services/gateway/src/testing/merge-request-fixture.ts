import type { Label, MergeRequest, Milestone, Pipeline } from '@suite/proto'

const CREATED = new Date('2026-11-21T10:56:24.123Z')
const UPDATED = new Date('2026-11-21T11:00:00.000Z')

export function labelFixture(overrides: Partial<Label> = {}): Label {
  return {
    id: 11,
    name: 'bug',
    color: '#FF0000',
    description: 'Something **broke**',
    textColor: '#FFFFFF',
    projectId: 5,
    ...overrides,
  }
}

export function milestoneFixture(overrides: Partial<Milestone> = {}): Milestone {
  return {
    id: 21,
    iid: 1,
    projectId: 5,
    title: 'v1.0',
    description: '',
    state: 'active',
    createdAt: CREATED,
    updatedAt: UPDATED,
    dueDate: '2026-12-01',
    startDate: undefined,
    expired: false,
    ...overrides,
  }
}

/** A MergeRequest message as the merge-requests service sends it, in project 5 (top/sub/team-app). */
export function mergeRequestFixture(overrides: Partial<MergeRequest> = {}): MergeRequest {
  return {
    id: 101,
    iid: 3,
    sourceProjectId: 5,
    targetProjectId: 5,
    title: 'Add feature',
    description: 'Adds it',
    state: 'opened',
    createdAt: CREATED,
    updatedAt: UPDATED,
    closedAt: undefined,
    mergedAt: undefined,
    preparedAt: CREATED,
    mergeAfter: undefined,
    closedById: undefined,
    mergeUserId: undefined,
    authorId: 2,
    assigneeIds: [2],
    reviewerIds: [],
    sourceBranch: 'feature',
    targetBranch: 'main',
    upvotes: 1,
    downvotes: 0,
    userNotesCount: 0,
    labels: [labelFixture({ id: 12, name: 'ux' }), labelFixture()],
    milestone: milestoneFixture(),
    draft: false,
    mergeWhenPipelineSucceeds: false,
    mergeStatus: 'can_be_merged',
    detailedMergeStatus: 'mergeable',
    hasConflicts: false,
    blockingDiscussionsResolved: true,
    sha: 'abc123',
    mergeCommitSha: undefined,
    squashCommitSha: undefined,
    squash: false,
    squashOnMerge: false,
    shouldRemoveSourceBranch: undefined,
    forceRemoveSourceBranch: true,
    discussionLocked: undefined,
    allowCollaboration: false,
    timeStats: {
      timeEstimate: 3600,
      totalTimeSpent: 0,
      humanTimeEstimate: '1h',
      humanTotalTimeSpent: undefined,
    },
    taskCount: 2,
    taskCompletedCount: 1,
    approvalsBeforeMerge: undefined,
    mergeError: undefined,
    subscribed: true,
    changesCount: '1',
    diffRefs: { baseSha: 'base1', headSha: 'abc123', startSha: 'start1' },
    divergedCommitsCount: 4,
    headPipelineId: undefined,
    imported: false,
    importedFrom: 'none',
    // A Developer of project 5 may not merge into its protected default branch.
    callerCanMerge: false,
    rebaseInProgress: false,
    ...overrides,
  }
}

export function pipelineFixture(overrides: Partial<Pipeline> = {}): Pipeline {
  return {
    id: 61,
    iid: 2,
    projectId: 5,
    sha: 'abc123',
    ref: 'refs/merge-requests/3/head',
    status: 'success',
    source: 'merge_request_event',
    userId: 2,
    createdAt: CREATED,
    updatedAt: UPDATED,
    startedAt: CREATED,
    finishedAt: UPDATED,
    committedAt: undefined,
    duration: 215,
    queuedDuration: 1,
    coverage: undefined,
    beforeSha: '0000000000000000000000000000000000000000',
    tag: false,
    yamlErrors: undefined,
    mergeRequestId: 101,
    name: '',
    ...overrides,
  }
}
