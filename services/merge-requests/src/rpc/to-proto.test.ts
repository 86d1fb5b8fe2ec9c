import { MergeRequest as MergeRequestMessage } from '@suite/proto'
import type { MergeRequest } from '../domain/merge-request.js'
import type { MergeRequestView } from '../domain/merge-request-view.js'
import { toMergeRequestMessage } from './to-proto.js'

const at = new Date('2026-11-21T12:00:00.000Z')

const mergeRequest: MergeRequest = {
  id: 12,
  iid: 3,
  targetProjectId: 7,
  sourceProjectId: 7,
  title: 'Fix it',
  description: '- [x] done',
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
  headPipelineId: null,
  latestDiffId: null,
  timeEstimate: 0,
  totalTimeSpent: 0,
  upvotes: 1,
  userNotesCount: 0,
  downvotes: 0,
  imported: false,
  createdAt: at,
  updatedAt: at,
  closedAt: null,
  mergedAt: null,
  preparedAt: null,
  mergeAfter: null,
  rebaseInProgress: false,
}

const view: MergeRequestView = {
  ...mergeRequest,
  assigneeIds: [5],
  reviewerIds: [],
  labels: [
    {
      id: 1,
      projectId: 7,
      title: 'bug',
      color: '#6699cc',
      description: '',
      createdAt: at,
      updatedAt: at,
      textColor: '#FFFFFF',
    },
  ],
  milestone: undefined,
  detailedMergeStatus: 'mergeable',
  blockingDiscussionsResolved: true,
  sha: '',
  diffRefs: undefined,
  squashOnMerge: false,
  timeStats: {
    timeEstimate: 0,
    totalTimeSpent: 0,
    humanTimeEstimate: undefined,
    humanTotalTimeSpent: undefined,
  },
  taskCount: 1,
  taskCompletedCount: 1,
  subscribed: undefined,
  changesCount: undefined,
  callerCanMerge: false,
}

describe('toMergeRequestMessage', () => {
  it('renames the view to the message, null fields absent', () => {
    expect(toMergeRequestMessage(view)).toEqual(
      MergeRequestMessage.fromPartial({
        id: 12,
        iid: 3,
        sourceProjectId: 7,
        targetProjectId: 7,
        title: 'Fix it',
        description: '- [x] done',
        state: 'opened',
        createdAt: at,
        updatedAt: at,
        authorId: 4,
        assigneeIds: [5],
        sourceBranch: 'fix',
        targetBranch: 'main',
        upvotes: 1,
        labels: [
          {
            id: 1,
            name: 'bug',
            color: '#6699cc',
            description: '',
            textColor: '#FFFFFF',
            projectId: 7,
          },
        ],
        mergeStatus: 'can_be_merged',
        detailedMergeStatus: 'mergeable',
        blockingDiscussionsResolved: true,
        forceRemoveSourceBranch: true,
        timeStats: { timeEstimate: 0, totalTimeSpent: 0 },
        taskCount: 1,
        taskCompletedCount: 1,
        importedFrom: 'none',
      }),
    )
  })

  it('keeps the values that are there', () => {
    const merged = { ...view, mergedAt: at, mergeUserId: 4, mergeCommitSha: 'abc', sha: 'h' }
    expect(toMergeRequestMessage(merged)).toMatchObject({
      mergedAt: at,
      mergeUserId: 4,
      mergeCommitSha: 'abc',
      sha: 'h',
    })
  })
})
