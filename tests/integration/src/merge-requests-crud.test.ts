import { api } from './support/api'
import { createUserWithToken, uniqueName, type UserWithToken } from './support/factories'
import { FORBIDDEN, missing } from './support/gitlab-errors'
import {
  createMergeRequest,
  createMilestone,
  featureBranch,
  fieldTypeMismatches,
  getMergeRequest,
  ISO_TIME,
  MERGE_REQUEST_FIELDS,
  mrPath,
  openMergeRequest,
  projectWithMain,
  userRef,
  type LabelJson,
  type MergeRequestJson,
  type MilestoneJson,
} from './support/merge-requests'
import { addProjectMember, encodedPath } from './support/projects'
import { baseUrl, rootToken } from './support/suite-state'
import { DEVELOPER, MAINTAINER, REPORTER, type ProjectJson } from './support/types'

// Workers (diff collection, merge status) on two shared cores: a test may wait on several.
jest.setTimeout(120_000)

// GitLab answers an unknown iid from find_project_merge_request with its
// RecordNotFound body; the suite's skeleton names the resource. Either is GitLab's shape.
const MR_NOT_FOUND = [{ message: '404 Not found' }, { message: '404 Merge Request Not Found' }]
const DESCRIPTION_MAX = 1_048_576

describe('merge requests: create, read, update, delete', () => {
  let owner: UserWithToken
  let developer: UserWithToken
  let reporter: UserWithToken
  let maintainer: UserWithToken
  let project: ProjectJson

  beforeAll(async () => {
    ;[owner, developer, reporter, maintainer] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    ;({ project } = await projectWithMain(owner))
    await Promise.all([
      addProjectMember(project.id, developer.user.id, DEVELOPER, owner.token),
      addProjectMember(project.id, reporter.user.id, REPORTER, owner.token),
      addProjectMember(project.id, maintainer.user.id, MAINTAINER, owner.token),
    ])
  })

  describe('POST /projects/:id/merge_requests', () => {
    it('answers 201 with every field of the merge request table, diff_refs and changes_count still empty', async () => {
      const branch = uniqueName('crud')
      await featureBranch(owner.token, project.id, branch)
      const res = await api<MergeRequestJson>(mrPath(project.id), {
        method: 'POST',
        token: owner.token,
        body: { source_branch: branch, target_branch: 'main', title: 'First change' },
      })
      expect(res.status).toBe(201)
      expect(res.headers.get('content-type')).toBe('application/json')
      const mr = res.body
      expect(fieldTypeMismatches(mr, MERGE_REQUEST_FIELDS)).toEqual([])
      expect(mr).toMatchObject({
        project_id: project.id,
        source_project_id: project.id,
        target_project_id: project.id,
        title: 'First change',
        state: 'opened',
        source_branch: branch,
        target_branch: 'main',
        imported: false,
        imported_from: 'none',
        closed_at: null,
        merged_at: null,
        closed_by: null,
        merge_user: null,
        merged_by: null,
        assignee: null,
        assignees: [],
        reviewers: [],
        labels: [],
        milestone: null,
        upvotes: 0,
        downvotes: 0,
        user_notes_count: 0,
        draft: false,
        work_in_progress: false,
        merge_when_pipeline_succeeds: false,
        has_conflicts: false,
        blocking_discussions_resolved: true,
        merge_commit_sha: null,
        squash_commit_sha: null,
        squash: false,
        allow_collaboration: false,
        allow_maintainer_to_push: false,
        web_url: `${project.web_url}/-/merge_requests/${mr.iid}`,
        reference: `!${mr.iid}`,
        references: {
          short: `!${mr.iid}`,
          relative: `!${mr.iid}`,
          full: `${project.path_with_namespace}!${mr.iid}`,
        },
        time_stats: {
          time_estimate: 0,
          total_time_spent: 0,
          human_time_estimate: null,
          human_total_time_spent: null,
        },
        task_completion_status: { count: 0, completed_count: 0 },
      })
      expect(mr.author).toEqual(userRef(owner.user))
      expect(mr.created_at).toMatch(ISO_TIME)
      expect(mr.updated_at).toMatch(ISO_TIME)
      expect(['unchecked', 'checking']).toContain(mr.merge_status)
      // Rule 1: diff_refs and changes_count fill in asynchronously.
      expect(mr.changes_count ?? null).toBeNull()
      const refs = mr.diff_refs ?? null
      expect(refs === null || Object.values(refs).every((sha) => sha === null)).toBe(true)
    })

    it('numbers iids per project: 1, 2 in one project, 1 again in another', async () => {
      const { project: other } = await projectWithMain(owner)
      const first = await openMergeRequest(owner.token, other.id)
      const second = await openMergeRequest(owner.token, other.id)
      const { project: third } = await projectWithMain(owner)
      const elsewhere = await openMergeRequest(owner.token, third.id)
      expect([first.mr.iid, second.mr.iid, elsewhere.mr.iid]).toEqual([1, 2, 1])
      expect(second.mr.id).toBeGreaterThan(first.mr.id)
    })

    it('finds the project by URL-encoded path as well as by id', async () => {
      const branch = uniqueName('bypath')
      await featureBranch(owner.token, project.id, branch)
      const res = await api<MergeRequestJson>(mrPath(encodedPath(project)), {
        method: 'POST',
        token: owner.token,
        form: { source_branch: branch, target_branch: 'main', title: 'By path' },
      })
      expect(res.status).toBe(201)
      expect(res.body.project_id).toBe(project.id)
    })

    it('takes assignees, reviewers, labels (created, sorted), milestone, squash, remove_source_branch and allow_collaboration', async () => {
      const milestone = await createMilestone(owner.token, project.id, { title: uniqueName('v') })
      const branch = uniqueName('attrs')
      await featureBranch(owner.token, project.id, branch)
      const mr = await createMergeRequest(owner.token, project.id, {
        source_branch: branch,
        target_branch: 'main',
        title: 'With attributes',
        description: 'Body text',
        assignee_ids: [developer.user.id, maintainer.user.id],
        reviewer_ids: [reporter.user.id],
        labels: 'zeta,alpha',
        milestone_id: milestone.id,
        squash: true,
        remove_source_branch: true,
        allow_collaboration: true,
      })
      expect(mr).toMatchObject({
        description: 'Body text',
        labels: ['alpha', 'zeta'],
        squash: true,
        force_remove_source_branch: true,
        allow_collaboration: true,
        allow_maintainer_to_push: true,
        milestone: expect.objectContaining({
          id: milestone.id,
          iid: milestone.iid,
          project_id: project.id,
          title: milestone.title,
          state: 'active',
        }),
      })
      // Free GitLab keeps the first assignee only; paid tiers keep both.
      expect(mr.assignees[0]).toEqual(userRef(developer.user))
      expect(mr.assignees.slice(1)).toEqual(
        mr.assignees.length === 2 ? [userRef(maintainer.user)] : [],
      )
      expect(mr.assignee).toEqual(userRef(developer.user))
      expect(mr.reviewers).toEqual([userRef(reporter.user)])
    })

    it('assignee_id sets one assignee; assignee_ids of 0 assigns nobody', async () => {
      const one = await openMergeRequest(owner.token, project.id, {
        assignee_id: developer.user.id,
      })
      expect(one.mr.assignees).toEqual([userRef(developer.user)])
      const none = await openMergeRequest(owner.token, project.id, { assignee_ids: [0] })
      expect(none.mr.assignees).toEqual([])
      expect(none.mr.assignee).toBeNull()
    })

    it('derives draft and work_in_progress from the title prefix', async () => {
      for (const [title, draft] of [
        ['Draft: tidy', true],
        ['draft: lower case', true],
        ['[Draft] brackets', true],
        ['(Draft) parentheses', true],
        ['Drafting a plan', false],
        ['A Draft: in the middle', false],
      ] as const) {
        const { mr } = await openMergeRequest(owner.token, project.id, { title })
        expect([title, mr.draft, mr.work_in_progress]).toEqual([title, draft, draft])
      }
    })

    it('counts the task list of the description in task_completion_status', async () => {
      const description = [
        '- [x] done',
        '- [ ] open',
        '* [X] also done',
        '1. [ ] numbered',
        'text',
      ].join('\n')
      const { mr } = await openMergeRequest(owner.token, project.id, { description })
      expect(mr.task_completion_status).toEqual({ count: 4, completed_count: 2 })
    })

    it('takes merge_after and returns it as a datetime', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id, {
        merge_after: '2030-01-02T03:04:05Z',
      })
      expect(Date.parse(String(mr.merge_after))).toBe(Date.parse('2030-01-02T03:04:05Z'))
    })

    it.each(['title', 'source_branch', 'target_branch'])(
      'answers 400 "%s is missing"',
      async (param) => {
        const body: Record<string, string> = {
          title: 'Missing one',
          source_branch: uniqueName('missing'),
          target_branch: 'main',
        }
        delete body[param]
        const res = await api(mrPath(project.id), { method: 'POST', token: owner.token, body })
        expect(res.status).toBe(400)
        expect(res.body).toEqual(missing(param))
      },
    )

    it('answers 422 for the same branch as source and target', async () => {
      const res = await api(mrPath(project.id), {
        method: 'POST',
        token: owner.token,
        body: { source_branch: 'main', target_branch: 'main', title: 'Self' },
      })
      expect(res.status).toBe(422)
      expect(res.body).toEqual({
        message: ["You can't use same project/branch for source and target"],
      })
    })

    it('answers 409 when an open merge request already exists for the branches', async () => {
      const { mr, branch } = await openMergeRequest(owner.token, project.id)
      const res = await api(mrPath(project.id), {
        method: 'POST',
        token: owner.token,
        body: { source_branch: branch, target_branch: 'main', title: 'Again' },
      })
      expect(res.status).toBe(409)
      expect(res.body).toEqual({
        message: [`Another open merge request already exists for this source branch: !${mr.iid}`],
      })
    })

    it('accepts a description of 1,048,576 characters and refuses one more (400)', async () => {
      const ok = await openMergeRequest(owner.token, project.id, {
        description: 'd'.repeat(DESCRIPTION_MAX),
      })
      expect(ok.mr.description).toHaveLength(DESCRIPTION_MAX)
      const branch = uniqueName('long')
      await featureBranch(owner.token, project.id, branch)
      const res = await api(mrPath(project.id), {
        method: 'POST',
        token: owner.token,
        body: {
          source_branch: branch,
          target_branch: 'main',
          title: 'Too long',
          description: 'd'.repeat(DESCRIPTION_MAX + 1),
        },
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({
        message: { description: ['is too long (maximum is 1048576 characters)'] },
      })
    })

    it('answers 401 without a token', async () => {
      const res = await api(mrPath(project.id), {
        method: 'POST',
        body: { source_branch: 'x', target_branch: 'main', title: 'Anonymous' },
      })
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: '401 Unauthorized' })
    })
  })

  describe('GET /projects/:id/merge_requests/:merge_request_iid', () => {
    let mr: MergeRequestJson

    beforeAll(async () => {
      ;({ mr } = await openMergeRequest(owner.token, project.id, { labels: 'Bug' }))
    })

    it('answers the single-request shape: subscribed (the author is) and every field', async () => {
      const res = await api<MergeRequestJson>(mrPath(project.id, mr.iid), { token: owner.token })
      expect(res.status).toBe(200)
      expect(fieldTypeMismatches(res.body, MERGE_REQUEST_FIELDS)).toEqual([])
      expect(res.body).toMatchObject({ id: mr.id, iid: mr.iid, labels: ['Bug'], subscribed: true })
    })

    it('finds the request by project path too', async () => {
      const res = await api<MergeRequestJson>(mrPath(encodedPath(project), mr.iid), {
        token: owner.token,
      })
      expect(res.status).toBe(200)
      expect(res.body.id).toBe(mr.id)
    })

    it('answers 404 for iids that do not exist', async () => {
      for (const iid of [999999, mr.id + 100000]) {
        const res = await api(mrPath(project.id, iid), { token: owner.token })
        expect(res.status).toBe(404)
        expect(MR_NOT_FOUND).toContainEqual(res.body)
      }
    })
  })

  describe('PUT /projects/:id/merge_requests/:merge_request_iid', () => {
    const put = (iid: number, body: Record<string, unknown>, token = owner.token) =>
      api<MergeRequestJson>(mrPath(project.id, iid), { method: 'PUT', token, body })

    it('changes title, description and target branch, and moves updated_at', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      const target = uniqueName('target')
      await featureBranch(owner.token, project.id, target, [
        { action: 'create', file_path: `${target}.md`, content: 'x\n' },
      ])
      await new Promise((done) => setTimeout(done, 20))
      const res = await put(mr.iid, {
        title: 'Renamed',
        description: 'New body',
        target_branch: target,
      })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        title: 'Renamed',
        description: 'New body',
        target_branch: target,
      })
      expect(Date.parse(res.body.updated_at)).toBeGreaterThan(Date.parse(mr.updated_at))
      const again = await getMergeRequest(owner.token, project.id, mr.iid)
      expect(again).toMatchObject({ title: 'Renamed', target_branch: target })
    })

    it('replaces labels, adds and removes some, and labels="" removes all', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id, { labels: 'one,two' })
      expect((await put(mr.iid, { labels: 'three,four' })).body.labels).toEqual(['four', 'three'])
      expect((await put(mr.iid, { add_labels: 'five' })).body.labels).toEqual([
        'five',
        'four',
        'three',
      ])
      expect((await put(mr.iid, { remove_labels: 'four,three' })).body.labels).toEqual(['five'])
      expect((await put(mr.iid, { labels: '' })).body.labels).toEqual([])
    })

    it('assigns and unassigns (assignee_ids [] or assignee_id 0), sets reviewers and milestone, unsets milestone with 0', async () => {
      const milestone = await createMilestone(owner.token, project.id)
      const { mr } = await openMergeRequest(owner.token, project.id)
      const assigned = await put(mr.iid, {
        assignee_ids: [maintainer.user.id],
        reviewer_ids: [developer.user.id],
        milestone_id: milestone.id,
      })
      expect(assigned.status).toBe(200)
      expect(assigned.body.assignees).toEqual([userRef(maintainer.user)])
      expect(assigned.body.reviewers).toEqual([userRef(developer.user)])
      expect((assigned.body.milestone as MilestoneJson).id).toBe(milestone.id)

      const cleared = await put(mr.iid, { assignee_id: 0, milestone_id: 0 })
      expect(cleared.body).toMatchObject({ assignees: [], assignee: null, milestone: null })
      await put(mr.iid, { assignee_ids: [developer.user.id] })
      expect((await put(mr.iid, { assignee_ids: [] })).body.assignees).toEqual([])
    })

    it('locks discussions, sets squash and remove_source_branch, and a Draft: title makes it a draft', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      const res = await put(mr.iid, {
        discussion_locked: true,
        squash: true,
        remove_source_branch: true,
        title: 'Draft: later',
      })
      expect(res.body).toMatchObject({
        discussion_locked: true,
        squash: true,
        force_remove_source_branch: true,
        draft: true,
        work_in_progress: true,
      })
    })

    it('state_event close and reopen: closed_at and closed_by, then opened again', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      const closed = await put(mr.iid, { state_event: 'close' }, developer.token)
      expect(closed.status).toBe(200)
      expect(closed.body).toMatchObject({ state: 'closed', detailed_merge_status: 'not_open' })
      expect(closed.body.closed_at).toMatch(ISO_TIME)
      expect(closed.body.closed_by).toEqual(userRef(developer.user))
      const reopened = await put(mr.iid, { state_event: 'reopen' })
      expect(reopened.body.state).toBe('opened')
    })

    it('answers 400 for a state_event GitLab does not have and for an empty title', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      const bad = await put(mr.iid, { state_event: 'merge' })
      expect(bad.status).toBe(400)
      expect(bad.body).toEqual({ error: 'state_event does not have a valid value' })
      const empty = await put(mr.iid, { title: '' })
      expect(empty.status).toBe(400)
      expect(empty.body).toEqual({ error: 'title is empty' })
    })

    it('answers 400 when no attribute is given', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      const res = await put(mr.iid, {})
      expect(res.status).toBe(400)
      expect(String((res.body as { error?: unknown }).error)).toMatch(
        /are missing, at least one parameter must be provided$/,
      )
    })

    it('refuses a description over 1,048,576 characters (400)', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      const res = await put(mr.iid, { description: 'd'.repeat(DESCRIPTION_MAX + 1) })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({
        message: { description: ['is too long (maximum is 1048576 characters)'] },
      })
    })

    it('a Reporter may not update somebody else’s request (403); nothing changes', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      const res = await put(mr.iid, { title: 'Reporter was here' }, reporter.token)
      expect(res.status).toBe(403)
      expect(res.body).toEqual(FORBIDDEN)
      expect((await getMergeRequest(owner.token, project.id, mr.iid)).title).toBe(mr.title)
    })

    it('answers 404 for an unknown iid', async () => {
      const res = await put(999999, { title: 'x' })
      expect(res.status).toBe(404)
      expect(MR_NOT_FOUND).toContainEqual(res.body)
    })
  })

  describe('DELETE /projects/:id/merge_requests/:merge_request_iid', () => {
    it('the Owner deletes it (204), after which it is gone (404)', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      const res = await api(mrPath(project.id, mr.iid), { method: 'DELETE', token: owner.token })
      expect(res.status).toBe(204)
      expect(res.text).toBe('')
      const gone = await api(mrPath(project.id, mr.iid), { token: owner.token })
      expect(gone.status).toBe(404)
    })

    it('a Maintainer or the author below Owner gets 403', async () => {
      const { mr } = await openMergeRequest(developer.token, project.id)
      for (const token of [maintainer.token, developer.token]) {
        const res = await api(mrPath(project.id, mr.iid), { method: 'DELETE', token })
        expect(res.status).toBe(403)
        expect(res.body).toEqual(FORBIDDEN)
      }
      expect((await getMergeRequest(owner.token, project.id, mr.iid)).id).toBe(mr.id)
    })

    it('an administrator who is not a member deletes it (204)', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      const res = await api(mrPath(project.id, mr.iid), { method: 'DELETE', token: rootToken() })
      expect(res.status).toBe(204)
    })
  })

  describe('labels with details and milestones', () => {
    it('with_labels_details=true gives label objects with GitLab’s fields', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id, { labels: 'ux' })
      const res = await api<MergeRequestJson[]>(mrPath(project.id), {
        token: owner.token,
        query: { iids: [mr.iid], with_labels_details: true },
      })
      expect(res.status).toBe(200)
      const label = res.body[0]?.labels[0] as LabelJson
      expect(label).toEqual(
        expect.objectContaining({
          name: 'ux',
          color: expect.stringMatching(/^#[0-9A-Fa-f]{6}$/),
          description: null,
          description_html: expect.any(String),
          text_color: expect.stringMatching(/^#(FFFFFF|333333)$/i),
        }),
      )
    })

    it('POST /projects/:id/milestones answers 201 and GET lists it', async () => {
      const title = uniqueName('release')
      const res = await api<MilestoneJson>(`/projects/${project.id}/milestones`, {
        method: 'POST',
        token: owner.token,
        body: { title, description: 'Ship it', due_date: '2030-05-01', start_date: '2030-04-01' },
      })
      expect(res.status).toBe(201)
      expect(res.body).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          iid: expect.any(Number),
          project_id: project.id,
          title,
          description: 'Ship it',
          state: 'active',
          due_date: '2030-05-01',
          start_date: '2030-04-01',
          web_url: `${project.web_url}/-/milestones/${res.body.iid}`,
        }),
      )
      const list = await api<MilestoneJson[]>(`/projects/${project.id}/milestones`, {
        token: owner.token,
        query: { per_page: 100 },
      })
      expect(list.status).toBe(200)
      expect(list.body.map((m) => m.title)).toContain(title)
      const duplicate = await api(`/projects/${project.id}/milestones`, {
        method: 'POST',
        token: owner.token,
        body: { title },
      })
      expect(duplicate.status).toBe(400)
    })

    it('a milestone of another project is refused on create', async () => {
      const { project: other } = await projectWithMain(owner)
      const foreign = await createMilestone(owner.token, other.id)
      const branch = uniqueName('foreignms')
      await featureBranch(owner.token, project.id, branch)
      const res = await api<MergeRequestJson>(mrPath(project.id), {
        method: 'POST',
        token: owner.token,
        body: {
          source_branch: branch,
          target_branch: 'main',
          title: 'Foreign milestone',
          milestone_id: foreign.id,
        },
      })
      // GitLab drops a milestone the project cannot use instead of failing the request.
      expect(res.status).toBe(201)
      expect(res.body.milestone).toBeNull()
    })
  })

  it('a user’s web_url and the MR web_url use EXTERNAL_URL', async () => {
    const { mr } = await openMergeRequest(owner.token, project.id)
    expect(mr.web_url.startsWith(`${baseUrl()}/`)).toBe(true)
    expect(mr.author.web_url).toBe(`${baseUrl()}/${owner.user.username}`)
  })
})
