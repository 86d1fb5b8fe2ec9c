import { contextFixture, userFixture } from '../testing/fixtures.js'
import { mergeRequestFixture } from '../testing/merge-request-fixture.js'
import { projectFixture } from '../testing/project-fixture.js'
import {
  presentMergeRequestBasic,
  presentMergeRequestSimple,
} from './merge-request-basic.entity.js'
import type { ReferenceBase } from './merge-request-links.js'

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

describe('presentMergeRequestBasic', () => {
  it('is GitLab MergeRequestBasic with every field of the spec', () => {
    const json = presentMergeRequestBasic(
      { mergeRequest: mergeRequestFixture(), project, base: { kind: 'project', project } },
      ctx,
    )
    expect(json).toEqual({
      id: 101,
      iid: 3,
      project_id: 5,
      title: 'Add feature',
      description: 'Adds it',
      state: 'opened',
      created_at: '2026-11-21T10:56:24.123Z',
      updated_at: '2026-11-21T11:00:00.000Z',
      merged_by: null,
      merge_user: null,
      merged_at: null,
      closed_by: null,
      closed_at: null,
      target_branch: 'main',
      source_branch: 'feature',
      user_notes_count: 0,
      upvotes: 1,
      downvotes: 0,
      author: alice,
      assignees: [alice],
      assignee: alice,
      reviewers: [],
      source_project_id: 5,
      target_project_id: 5,
      labels: ['bug', 'ux'],
      draft: false,
      work_in_progress: false,
      milestone: {
        id: 21,
        iid: 1,
        project_id: 5,
        title: 'v1.0',
        description: null,
        state: 'active',
        created_at: '2026-11-21T10:56:24.123Z',
        updated_at: '2026-11-21T11:00:00.000Z',
        due_date: '2026-12-01',
        start_date: null,
        expired: false,
        web_url: 'https://gitlab.example.com/top/sub/team-app/-/milestones/1',
      },
      merge_when_pipeline_succeeds: false,
      merge_status: 'can_be_merged',
      detailed_merge_status: 'mergeable',
      merge_after: null,
      sha: 'abc123',
      merge_commit_sha: null,
      squash_commit_sha: null,
      discussion_locked: null,
      should_remove_source_branch: null,
      force_remove_source_branch: true,
      prepared_at: '2026-11-21T10:56:24.123Z',
      allow_collaboration: false,
      allow_maintainer_to_push: false,
      reference: '!3',
      references: { short: '!3', relative: '!3', full: 'top/sub/team-app!3' },
      web_url: 'https://gitlab.example.com/top/sub/team-app/-/merge_requests/3',
      time_stats: {
        time_estimate: 3600,
        total_time_spent: 0,
        human_time_estimate: '1h',
        human_total_time_spent: null,
      },
      squash: false,
      squash_on_merge: false,
      task_completion_status: { count: 2, completed_count: 1 },
      has_conflicts: false,
      blocking_discussions_resolved: true,
      approvals_before_merge: null,
      imported: false,
      imported_from: 'none',
    })
  })

  it('shows label objects with with_labels_details, sorted by name', () => {
    const json = presentMergeRequestBasic(
      {
        mergeRequest: mergeRequestFixture(),
        project,
        base: { kind: 'project', project },
        withLabelsDetails: true,
      },
      ctx,
    )
    expect(json.labels).toEqual([
      {
        id: 11,
        name: 'bug',
        color: '#FF0000',
        description: 'Something **broke**',
        description_html:
          '<p data-sourcepos="1:1-1:19" dir="auto">Something <strong>broke</strong></p>',
        text_color: '#FFFFFF',
        remove_on_close: false,
      },
      expect.objectContaining({ name: 'ux' }),
    ])
  })

  it('names the merge user as merged_by only once merged', () => {
    const merged = mergeRequestFixture({ state: 'merged', mergeUserId: 2 })
    const json = presentMergeRequestBasic(
      { mergeRequest: merged, project, base: { kind: 'none' } },
      ctx,
    )
    expect(json.merged_by).toEqual(alice)
    expect(json.merge_user).toEqual(alice)
  })

  it.each<[string, ReferenceBase, string]>([
    ['the request’s own project (P, single)', { kind: 'project', project }, '!3'],
    [
      'another project of the same namespace',
      { kind: 'project', project: projectFixture({ id: 9 }) },
      'team-app!3',
    ],
    [
      'a project of another namespace',
      { kind: 'project', project: projectFixture({ id: 9, namespaceId: 8 }) },
      'top/sub/team-app!3',
    ],
    ['the group holding the project (R)', { kind: 'group', groupId: 4 }, 'team-app!3'],
    ['a parent group (R)', { kind: 'group', groupId: 3 }, 'top/sub/team-app!3'],
    ['nothing (G: to_reference(nil))', { kind: 'none' }, '!3'],
  ])('references.relative from %s', (_, base, relative) => {
    const json = presentMergeRequestBasic(
      { mergeRequest: mergeRequestFixture(), project, base },
      ctx,
    )
    expect(json.references).toEqual({ short: '!3', relative, full: 'top/sub/team-app!3' })
  })
})

describe('presentMergeRequestSimple', () => {
  it('is GitLab MergeRequestSimple (view=simple)', () => {
    expect(
      presentMergeRequestSimple(
        { mergeRequest: mergeRequestFixture(), project, base: { kind: 'none' } },
        ctx,
      ),
    ).toEqual({
      id: 101,
      iid: 3,
      project_id: 5,
      title: 'Add feature',
      description: 'Adds it',
      state: 'opened',
      created_at: '2026-11-21T10:56:24.123Z',
      updated_at: '2026-11-21T11:00:00.000Z',
      web_url: 'https://gitlab.example.com/top/sub/team-app/-/merge_requests/3',
    })
  })
})
