import { Issue } from '@suite/proto'
import { contextFixture, userFixture } from '../testing/fixtures.js'
import { projectFixture } from '../testing/project-fixture.js'
import { presentIssue, taskStatus } from './issue.entity.js'

const project = projectFixture()
const ctx = contextFixture({ users: new Map([[2, userFixture()]]) })
const alice = {
  id: 2,
  username: 'alice',
  name: 'Alice Liddell',
  state: 'active',
  locked: false,
  avatar_url: null,
  web_url: 'https://gitlab.example.com/alice',
}

const issue = Issue.fromPartial({
  id: 301,
  iid: 7,
  projectId: 5,
  title: 'Dependency Dashboard',
  state: 'closed',
  createdAt: new Date('2026-11-21T10:56:24.123Z'),
  updatedAt: new Date('2026-11-21T11:00:00.000Z'),
  closedAt: new Date('2026-11-21T11:00:00.000Z'),
  closedById: 2,
  authorId: 2,
  assigneeIds: [2],
  labels: [
    { id: 2, name: 'ux', color: '#fff', description: '', textColor: '#333333', projectId: 5 },
    { id: 1, name: 'bug', color: '#f00', description: '', textColor: '#FFFFFF', projectId: 5 },
  ],
  confidential: true,
  dueDate: '2026-12-01',
  timeStats: { timeEstimate: 0, totalTimeSpent: 0 },
  subscribed: true,
})

describe('presentIssue', () => {
  it('is GitLab Issue with every field, null where there is no value', () => {
    const item = {
      issue,
      project,
      base: { kind: 'project', project } as const,
      withLabelsDetails: false,
      includeSubscribed: true,
    }
    const api = 'https://gitlab.example.com/api/v4/projects/5'
    expect(presentIssue(item, ctx)).toEqual({
      id: 301,
      iid: 7,
      project_id: 5,
      title: 'Dependency Dashboard',
      description: null,
      state: 'closed',
      created_at: '2026-11-21T10:56:24.123Z',
      updated_at: '2026-11-21T11:00:00.000Z',
      closed_at: '2026-11-21T11:00:00.000Z',
      closed_by: alice,
      labels: ['bug', 'ux'],
      milestone: null,
      assignees: [alice],
      author: alice,
      type: 'ISSUE',
      assignee: alice,
      user_notes_count: 0,
      merge_requests_count: 0,
      upvotes: 0,
      downvotes: 0,
      due_date: '2026-12-01',
      confidential: true,
      discussion_locked: null,
      issue_type: 'issue',
      web_url: 'https://gitlab.example.com/top/sub/team-app/-/issues/7',
      time_stats: {
        time_estimate: 0,
        total_time_spent: 0,
        human_time_estimate: null,
        human_total_time_spent: null,
      },
      task_completion_status: { count: 0, completed_count: 0 },
      has_tasks: false,
      _links: {
        self: `${api}/issues/7`,
        notes: `${api}/issues/7/notes`,
        award_emoji: `${api}/issues/7/award_emoji`,
        project: api,
        closed_as_duplicate_of: null,
      },
      references: { short: '#7', relative: '#7', full: 'top/sub/team-app#7' },
      severity: 'UNKNOWN',
      subscribed: true,
      moved_to_id: null,
      service_desk_reply_to: null,
      imported: false,
      imported_from: 'none',
    })
  })

  it('leaves `subscribed` out of lists, and names labels in detail when asked', () => {
    const json = presentIssue(
      { issue, project, base: { kind: 'none' }, withLabelsDetails: true, includeSubscribed: false },
      ctx,
    )
    expect(json).not.toHaveProperty('subscribed')
    expect(json.labels).toEqual([
      expect.objectContaining({ id: 1, name: 'bug' }),
      expect.objectContaining({ id: 2, name: 'ux' }),
    ])
    // to_reference(nil): no project to be relative to.
    expect(json.references).toMatchObject({ relative: '#7', full: 'top/sub/team-app#7' })
  })

  it("shows task_status only with tasks, in Taskable's words", () => {
    expect(taskStatus(1, 0)).toBe('0 of 1 checklist item completed')
    expect(taskStatus(3, 2)).toBe('2 of 3 checklist items completed')
    const tasks = Issue.fromPartial({ ...issue, taskCount: 2, taskCompletedCount: 1 })
    const json = presentIssue(
      {
        issue: tasks,
        project,
        base: { kind: 'project', project },
        withLabelsDetails: false,
        includeSubscribed: false,
      },
      ctx,
    )
    expect(json).toMatchObject({ has_tasks: true, task_status: '1 of 2 checklist items completed' })
  })
})
