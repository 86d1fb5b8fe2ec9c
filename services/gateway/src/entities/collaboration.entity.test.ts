import { contextFixture, userFixture } from '../testing/fixtures.js'
import { mergeRequestFixture } from '../testing/merge-request-fixture.js'
import { projectFixture } from '../testing/project-fixture.js'
import {
  presentApprovals,
  presentAwardEmoji,
  presentBlock,
  presentTodo,
} from './collaboration.entity.js'

const project = projectFixture()
const ctx = contextFixture({ users: new Map([[2, userFixture()]]) })
const created = new Date('2026-11-21T12:00:00.000Z')

describe('collaboration entities', () => {
  it('presents a block with both requests as MergeRequestBasic, relative to the route project', () => {
    const other = projectFixture({
      id: 9,
      path: 'lib',
      namespaceFullPath: 'elsewhere',
      namespaceId: 8,
    })
    const json = presentBlock(
      {
        block: {
          id: 1,
          blockingMergeRequest: mergeRequestFixture({ id: 200, iid: 7, targetProjectId: 9 }),
          blockedMergeRequest: mergeRequestFixture(),
          projectId: 5,
        },
        projects: new Map([
          [5, project],
          [9, other],
        ]),
        base: { kind: 'project', project },
      },
      ctx,
    )
    expect(json).toMatchObject({
      id: 1,
      project_id: 5,
      blocking_merge_request: { id: 200, references: { relative: 'elsewhere/lib!7' } },
      blocked_merge_request: { id: 101, references: { relative: '!3' } },
    })
  })

  it('presents a to-do with its project identity and merge request target', () => {
    const json = presentTodo(
      {
        todo: {
          id: 4,
          projectId: 5,
          authorId: 2,
          userId: 2,
          actionName: 'marked',
          targetType: 'MergeRequest',
          target: mergeRequestFixture(),
          body: 'Add feature',
          state: 'pending',
          createdAt: created,
        },
        project,
      },
      ctx,
    )
    expect(json).toMatchObject({
      id: 4,
      project: {
        id: 5,
        description: 'An app',
        name: 'Team App',
        name_with_namespace: 'Top / Sub / Team App',
        path: 'team-app',
        path_with_namespace: 'top/sub/team-app',
        created_at: '2026-11-21T10:56:24.123Z',
      },
      author: { id: 2 },
      action_name: 'marked',
      target_type: 'MergeRequest',
      target: { iid: 3, subscribed: true, user: { can_merge: false } },
      target_url: 'https://gitlab.example.com/top/sub/team-app/-/merge_requests/3',
      body: 'Add feature',
      state: 'pending',
      created_at: '2026-11-21T12:00:00.000Z',
    })
  })

  it('presents CE approvals and award emoji', () => {
    expect(
      presentApprovals(
        {
          mergeRequest: undefined,
          approvedBy: [{ userId: 2, approvedAt: created }],
          userHasApproved: true,
          userCanApprove: false,
        },
        ctx,
      ),
    ).toEqual({
      user_has_approved: true,
      user_can_approve: false,
      approved: true,
      approved_by: [
        { user: expect.objectContaining({ id: 2 }), approved_at: '2026-11-21T12:00:00.000Z' },
      ],
    })
    expect(
      presentAwardEmoji(
        {
          id: 8,
          name: 'thumbsup',
          userId: 2,
          createdAt: created,
          updatedAt: created,
          awardableId: 101,
          awardableType: 'MergeRequest',
        },
        ctx,
      ),
    ).toEqual({
      id: 8,
      name: 'thumbsup',
      user: expect.objectContaining({ username: 'alice' }),
      created_at: '2026-11-21T12:00:00.000Z',
      updated_at: '2026-11-21T12:00:00.000Z',
      awardable_id: 101,
      awardable_type: 'MergeRequest',
      url: null,
    })
  })
})
