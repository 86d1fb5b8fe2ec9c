import { Gitlab } from '@gitbeaker/rest'
import { api, eventually } from './support/api'
import {
  createGroup,
  createUserWithToken,
  uniqueName,
  type UserWithToken,
} from './support/factories'
import { FORBIDDEN, UNAUTHORIZED, notFound } from './support/gitlab-errors'
import { openMergeRequest, projectWithMain } from './support/merge-requests'
import { addProjectMember, createProject, encodedPath, waitForEvent } from './support/projects'
import { HookReceiver, type ReceivedHook } from './support/hook-receiver'
import { baseUrl, rootToken } from './support/suite-state'
import { DEVELOPER, GUEST, MAINTAINER, REPORTER, type ProjectJson } from './support/types'

jest.setTimeout(120_000)

interface IssueJson {
  id: number
  iid: number
  project_id: number
  title: string
  description: string | null
  state: string
  created_at: string
  updated_at: string
  closed_at: string | null
  closed_by: { id: number } | null
  labels: string[]
  milestone: unknown
  assignees: { id: number }[]
  assignee: { id: number } | null
  author: { id: number; username: string }
  confidential: boolean
  web_url: string
  references: { short: string; relative: string; full: string }
  subscribed?: boolean
  [key: string]: unknown
}

const issuesPath = (projectId: number | string) => `/projects/${projectId}/issues`
const issuePath = (projectId: number | string, iid: number) => `${issuesPath(projectId)}/${iid}`

async function createIssue(
  token: string,
  projectId: number,
  body: Record<string, unknown>,
): Promise<IssueJson> {
  const res = await api<IssueJson>(issuesPath(projectId), { method: 'POST', token, body })
  if (res.status !== 201) throw new Error(`POST issues: ${res.status} ${res.text}`)
  return res.body
}

/**
 * lib/api/issues.rb's project endpoints against the running suite: GitLab's
 * Issue entity, its filters and pagination, close and reopen, confidential
 * issues, the permission answers, and Renovate's calls through @gitbeaker/rest.
 */
describe('project issues', () => {
  let owner: UserWithToken
  let developer: UserWithToken
  let reporter: UserWithToken
  let guest: UserWithToken
  let maintainer: UserWithToken
  let stranger: UserWithToken
  let project: ProjectJson

  beforeAll(async () => {
    ;[owner, developer, reporter, guest, maintainer, stranger] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    project = await createProject(owner.token, { visibility: 'private' })
    await addProjectMember(project.id, developer.user.id, DEVELOPER, owner.token)
    await addProjectMember(project.id, reporter.user.id, REPORTER, owner.token)
    await addProjectMember(project.id, guest.user.id, GUEST, owner.token)
    await addProjectMember(project.id, maintainer.user.id, MAINTAINER, owner.token)
  }, 120_000)

  it("creates an issue as GitLab's Issue entity, every field present", async () => {
    const res = await api<IssueJson>(issuesPath(project.id), {
      method: 'POST',
      token: developer.token,
      body: {
        title: '  Dependency Dashboard ',
        description: '- [ ] one\n- [x] two',
        labels: 'renovate,deps',
        assignee_ids: [reporter.user.id],
        due_date: '2030-01-31',
      },
    })
    expect(res.status).toBe(201)
    const issue = res.body
    const fullPath = project.path_with_namespace
    expect(issue).toEqual({
      id: expect.any(Number),
      iid: expect.any(Number),
      project_id: project.id,
      title: 'Dependency Dashboard',
      description: '- [ ] one\n- [x] two',
      state: 'opened',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: issue.created_at,
      closed_at: null,
      closed_by: null,
      labels: ['deps', 'renovate'],
      milestone: null,
      assignees: [expect.objectContaining({ id: reporter.user.id })],
      author: expect.objectContaining({ id: developer.user.id, username: developer.user.username }),
      type: 'ISSUE',
      assignee: expect.objectContaining({ id: reporter.user.id }),
      user_notes_count: 0,
      merge_requests_count: 0,
      upvotes: 0,
      downvotes: 0,
      due_date: '2030-01-31',
      confidential: false,
      discussion_locked: null,
      issue_type: 'issue',
      web_url: expect.stringMatching(new RegExp(`/${fullPath}/-/issues/${issue.iid}$`)),
      time_stats: {
        time_estimate: 0,
        total_time_spent: 0,
        human_time_estimate: null,
        human_total_time_spent: null,
      },
      task_completion_status: { count: 2, completed_count: 1 },
      has_tasks: true,
      task_status: '1 of 2 checklist items completed',
      _links: {
        self: expect.stringMatching(
          new RegExp(`/api/v4/projects/${project.id}/issues/${issue.iid}$`),
        ),
        notes: expect.stringMatching(/\/notes$/),
        award_emoji: expect.stringMatching(/\/award_emoji$/),
        project: expect.stringMatching(new RegExp(`/api/v4/projects/${project.id}$`)),
        closed_as_duplicate_of: null,
      },
      references: {
        short: `#${issue.iid}`,
        relative: `#${issue.iid}`,
        full: `${fullPath}#${issue.iid}`,
      },
      severity: 'UNKNOWN',
      subscribed: true,
      moved_to_id: null,
      service_desk_reply_to: null,
      imported: false,
      imported_from: 'none',
    })
    const read = await api<IssueJson>(issuePath(project.id, issue.iid), { token: reporter.token })
    expect(read.status).toBe(200)
    // The assignee participates, so is subscribed; the single answer shows it.
    expect(read.body).toMatchObject({ id: issue.id, subscribed: true })
    const other = await api<IssueJson>(issuePath(encodedPath(project), issue.iid), {
      token: maintainer.token,
    })
    expect(other.body.subscribed).toBe(false)
  })

  it("numbers issues apart from merge requests, as GitLab's per-project issue iids", async () => {
    const { project: repo } = await projectWithMain(owner)
    const { mr } = await openMergeRequest(owner.token, repo.id)
    const first = await createIssue(owner.token, repo.id, { title: 'first' })
    const second = await createIssue(owner.token, repo.id, { title: 'second' })
    expect(mr.iid).toBe(1)
    expect([first.iid, second.iid]).toEqual([1, 2])
  })

  describe('lists', () => {
    let listed: ProjectJson
    let a: IssueJson
    let b: IssueJson
    let c: IssueJson

    beforeAll(async () => {
      listed = await createProject(owner.token, { visibility: 'private' })
      await addProjectMember(listed.id, developer.user.id, DEVELOPER, owner.token)
      await addProjectMember(listed.id, guest.user.id, GUEST, owner.token)
      a = await createIssue(developer.token, listed.id, {
        title: 'Alpha crash on start',
        labels: 'bug',
      })
      b = await createIssue(owner.token, listed.id, {
        title: 'Beta docs',
        description: 'write the manual',
        labels: 'docs,bug',
        assignee_id: developer.user.id,
      })
      c = await createIssue(owner.token, listed.id, { title: 'Gamma secret', confidential: true })
      const closed = await api(issuePath(listed.id, c.iid), {
        method: 'PUT',
        token: owner.token,
        body: { state_event: 'close' },
      })
      expect(closed.status).toBe(200)
    }, 60_000)

    const list = async (token: string, query: Record<string, string | number | number[]>) => {
      const res = await api<IssueJson[]>(issuesPath(listed.id), { token, query })
      expect(res.status).toBe(200)
      return res
    }
    const iids = (res: { body: IssueJson[] }) => res.body.map((issue) => issue.iid)

    it('lists newest first with pagination headers, without `subscribed`', async () => {
      const res = await list(owner.token, { per_page: 2 })
      expect(iids(res)).toEqual([c.iid, b.iid])
      expect(res.headers.get('x-total')).toBe('3')
      expect(res.headers.get('x-total-pages')).toBe('2')
      expect(res.headers.get('x-next-page')).toBe('2')
      expect(res.body[0]).not.toHaveProperty('subscribed')
      const page2 = await list(owner.token, { per_page: 2, page: 2 })
      expect(iids(page2)).toEqual([a.iid])
    })

    it('filters by state, scope, labels, author, assignee, iids, search, confidential and orders', async () => {
      expect(iids(await list(owner.token, { state: 'opened' }))).toEqual([b.iid, a.iid])
      expect(iids(await list(owner.token, { state: 'closed' }))).toEqual([c.iid])
      expect(iids(await list(developer.token, { scope: 'created_by_me' }))).toEqual([a.iid])
      expect(iids(await list(developer.token, { scope: 'created-by-me' }))).toEqual([a.iid])
      expect(iids(await list(developer.token, { scope: 'assigned_to_me' }))).toEqual([b.iid])
      expect(iids(await list(owner.token, { labels: 'bug' }))).toEqual([b.iid, a.iid])
      expect(iids(await list(owner.token, { labels: 'bug,docs' }))).toEqual([b.iid])
      expect(iids(await list(owner.token, { labels: 'None' }))).toEqual([c.iid])
      expect(iids(await list(owner.token, { author_username: developer.user.username }))).toEqual([
        a.iid,
      ])
      expect(iids(await list(owner.token, { author_id: owner.user.id }))).toEqual([c.iid, b.iid])
      expect(iids(await list(owner.token, { assignee_id: 'None' }))).toEqual([c.iid, a.iid])
      expect(iids(await list(owner.token, { iids: [a.iid, c.iid] }))).toEqual([c.iid, a.iid])
      expect(iids(await list(owner.token, { search: 'crash' }))).toEqual([a.iid])
      expect(iids(await list(owner.token, { search: 'manual', in: 'title' }))).toEqual([])
      expect(iids(await list(owner.token, { search: 'manual', in: 'description' }))).toEqual([
        b.iid,
      ])
      expect(iids(await list(owner.token, { confidential: 'true' }))).toEqual([c.iid])
      expect(iids(await list(owner.token, { order_by: 'title', sort: 'asc' }))).toEqual([
        a.iid,
        b.iid,
        c.iid,
      ])
      const future = new Date(Date.now() + 3_600_000).toISOString()
      expect(iids(await list(owner.token, { created_after: future }))).toEqual([])
      expect(iids(await list(owner.token, { updated_before: future }))).toHaveLength(3)
    })

    it('hides confidential issues from Guests who neither wrote them nor are assigned', async () => {
      expect(iids(await list(guest.token, {}))).toEqual([b.iid, a.iid])
      const res = await api(issuePath(listed.id, c.iid), { token: guest.token })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(notFound('Issue'))
      const own = await createIssue(guest.token, listed.id, { title: 'mine', confidential: true })
      expect(iids(await list(guest.token, { confidential: 'true' }))).toEqual([own.iid])
      expect((await api(issuePath(listed.id, own.iid), { token: guest.token })).status).toBe(200)
      const del = await api(issuePath(listed.id, own.iid), { method: 'DELETE', token: owner.token })
      expect(del.status).toBe(204)
    })

    it('answers 400 for bad list parameters, never 500', async () => {
      for (const query of [
        { state: 'merged' },
        { scope: 'reviews_for_me' },
        { order_by: 'merged_at' },
        { sort: 'up' },
        { created_after: 'yesterday' },
        { iids: ['x'] },
        { author_id: 1, author_username: 'root' },
      ]) {
        const res = await api(issuesPath(listed.id), { token: owner.token, query })
        expect([query, res.status]).toEqual([query, 400])
      }
    })
  })

  describe('update, close, reopen, delete', () => {
    it('edits title, description and labels; close writes closed_at and closed_by, reopen clears them', async () => {
      const issue = await createIssue(developer.token, project.id, {
        title: 'to edit',
        labels: 'one,two',
      })
      const put = (token: string, body: Record<string, unknown>) =>
        api<IssueJson>(issuePath(project.id, issue.iid), { method: 'PUT', token, body })
      const edited = await put(developer.token, {
        title: 'edited',
        description: 'now described',
        add_labels: 'three',
        remove_labels: 'one',
      })
      expect(edited.status).toBe(200)
      expect(edited.body).toMatchObject({
        title: 'edited',
        description: 'now described',
        labels: ['three', 'two'],
      })
      expect(edited.body.updated_at > issue.updated_at).toBe(true)

      const closed = await put(reporter.token, { state_event: 'close' })
      expect(closed.status).toBe(200)
      expect(closed.body).toMatchObject({ state: 'closed', closed_by: { id: reporter.user.id } })
      expect(closed.body.closed_at).toEqual(expect.any(String))

      const reopened = await put(developer.token, { state_event: 'reopen', labels: '' })
      expect(reopened.body).toMatchObject({
        state: 'opened',
        closed_at: null,
        closed_by: null,
        labels: [],
      })
    })

    it("lets a Guest edit their own issue but not others', and drops the metadata they may not set", async () => {
      // A member sets metadata on a new issue (IssuePolicy's set_issue_metadata for Guests)...
      const own = await createIssue(guest.token, project.id, { title: 'guest', labels: 'x' })
      expect(own.labels).toEqual(['x'])
      const edit = await api<IssueJson>(issuePath(project.id, own.iid), {
        method: 'PUT',
        token: guest.token,
        body: { title: 'guest edited', labels: 'y', confidential: true },
      })
      expect(edit.status).toBe(200)
      // ...but changing it later needs admin_issue: labels and confidentiality stay.
      expect(edit.body).toMatchObject({ title: 'guest edited', labels: ['x'], confidential: false })
      const others = await createIssue(owner.token, project.id, { title: 'owner' })
      const denied = await api(issuePath(project.id, others.iid), {
        method: 'PUT',
        token: guest.token,
        body: { title: 'hijack' },
      })
      expect(denied.status).toBe(403)
      expect(denied.body).toEqual(FORBIDDEN)
    })

    it('deletes for Owners only (204), then 404 Issue Not Found', async () => {
      const issue = await createIssue(developer.token, project.id, { title: 'doomed' })
      const path = issuePath(project.id, issue.iid)
      expect((await api(path, { method: 'DELETE', token: maintainer.token })).status).toBe(403)
      const gone = await api(path, { method: 'DELETE', token: owner.token })
      expect(gone.status).toBe(204)
      const again = await api(path, { token: owner.token })
      expect(again.status).toBe(404)
      expect(again.body).toEqual(notFound('Issue'))
      expect((await api(path, { method: 'DELETE', token: owner.token })).body).toEqual(
        notFound('Issue'),
      )
    })

    it('answers GitLab 4xx for bad writes', async () => {
      const issue = await createIssue(developer.token, project.id, { title: 'valid' })
      const post = (body: Record<string, unknown>, token = developer.token) =>
        api(issuesPath(project.id), { method: 'POST', token, body })
      const put = (body: Record<string, unknown>) =>
        api(issuePath(project.id, issue.iid), { method: 'PUT', token: developer.token, body })
      expect((await post({})).body).toEqual({ error: 'title is missing' })
      expect((await post({ title: '   ' })).status).toBe(400)
      expect((await post({ title: 'x'.repeat(256) })).body).toEqual({
        message: { title: ['is too long (maximum is 255 characters)'] },
      })
      expect((await post({ title: 'ok', due_date: '2030-02-31' })).status).toBe(400)
      expect((await put({})).status).toBe(400)
      expect((await put({ state_event: 'merge' })).status).toBe(400)
      expect(
        (
          await api(issuePath(project.id, 999_999), {
            method: 'PUT',
            token: developer.token,
            body: { title: 'x' },
          })
        ).body,
      ).toEqual(notFound('Issue'))
      const anonymous = await api(issuesPath(project.id), { method: 'POST', body: { title: 'x' } })
      expect(anonymous.status).toBe(401)
      expect(anonymous.body).toEqual(UNAUTHORIZED)
      expect((await post({ title: 'x' }, stranger.token)).body).toEqual(notFound('Project'))
    })
  })

  it('follows issues_access_level: disabled lists nothing, hides issues and refuses new ones', async () => {
    const closedOff = await createProject(owner.token, { visibility: 'public' })
    const issue = await createIssue(owner.token, closedOff.id, { title: 'before' })
    // A signed-in non-member opens issues of a public project, without metadata.
    const outsiders = await createIssue(stranger.token, closedOff.id, {
      title: 'from outside',
      labels: 'x',
      confidential: true,
    })
    expect(outsiders).toMatchObject({ labels: [], confidential: true })
    const off = await api(`/projects/${closedOff.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { issues_access_level: 'disabled' },
    })
    expect(off.status).toBe(200)
    const listed = await api<IssueJson[]>(issuesPath(closedOff.id), { token: owner.token })
    expect([listed.status, listed.body]).toEqual([200, []])
    expect((await api(issuePath(closedOff.id, issue.iid), { token: owner.token })).status).toBe(404)
    const refused = await api(issuesPath(closedOff.id), {
      method: 'POST',
      token: owner.token,
      body: { title: 'after' },
    })
    expect(refused.status).toBe(403)
    // The legacy boolean turns them back on.
    await api(`/projects/${closedOff.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { issues_enabled: true },
    })
    const back = await api<IssueJson[]>(issuesPath(closedOff.id))
    // Anonymous callers see the open issue, not the confidential one.
    expect(back.body.map((i) => i.iid)).toEqual([issue.iid])
  })

  it('puts opened, closed and reopened issues in the activity feed, as read_issue lets callers see them', async () => {
    const feed = await createProject(owner.token, { visibility: 'public' })
    const issue = await createIssue(owner.token, feed.id, { title: 'Feed issue' })
    const secret = await createIssue(owner.token, feed.id, {
      title: 'Feed secret',
      confidential: true,
    })
    for (const state_event of ['close', 'reopen']) {
      const res = await api(issuePath(feed.id, issue.iid), {
        method: 'PUT',
        token: owner.token,
        body: { state_event },
      })
      expect(res.status).toBe(200)
    }
    const events = `/projects/${feed.id}/events`
    // The relay writes them a moment later: wait for all three.
    for (let tries = 0; tries < 60; tries++) {
      const seen = await api<unknown[]>(events, {
        token: owner.token,
        query: { target_type: 'issue' },
      })
      if (Array.isArray(seen.body) && seen.body.length >= 3) break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    const closedEvent = await waitForEvent(
      events,
      stranger.token,
      (event) => event.action_name === 'closed',
    )
    expect(closedEvent).toMatchObject({
      target_type: 'Issue',
      target_id: issue.id,
      target_iid: issue.iid,
      target_title: 'Feed issue',
      author_id: owner.user.id,
    })
    const all = await api<
      { action_name: string; target_iid: number | null; target_type: string | null }[]
    >(events, { token: owner.token, query: { target_type: 'issue', per_page: 100 } })
    expect(all.body.map((event) => [event.action_name, event.target_iid])).toEqual([
      ['opened', issue.iid],
      ['closed', issue.iid],
      ['opened', issue.iid],
    ])
    // A confidential issue leaves no event that read_issue alone could not hide.
    expect(all.body.some((event) => event.target_iid === secret.iid)).toBe(false)

    // Issues only for members: a stranger no longer sees the issue events, a Guest does.
    const off = await api(`/projects/${feed.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { issues_access_level: 'private' },
    })
    expect(off.status).toBe(200)
    const hidden = await api<unknown[]>(events, {
      token: stranger.token,
      query: { target_type: 'issue' },
    })
    expect(hidden.body).toEqual([])
    await addProjectMember(feed.id, guest.user.id, GUEST, owner.token)
    const member = await api<unknown[]>(events, {
      token: guest.token,
      query: { target_type: 'issue' },
    })
    expect(member.body).toHaveLength(3)
  })

  it('sends Issue Hooks to hooks with issues_events, and confidential issues only as Confidential Issue Hooks', async () => {
    const receiver = await new HookReceiver().start()
    try {
      const setting = await api('/application/settings', {
        method: 'PUT',
        token: rootToken(),
        body: { allow_local_requests_from_web_hooks_and_services: true },
      })
      expect(setting.status).toBe(200)
      const hooked = await createProject(owner.token, { visibility: 'private' })
      for (const [path, flags] of [
        ['/issues', { issues_events: true }],
        ['/confidential', { confidential_issues_events: true }],
        ['/none', { merge_requests_events: true }],
      ] as const) {
        const res = await api(`/projects/${hooked.id}/hooks`, {
          method: 'POST',
          token: owner.token,
          body: { url: receiver.url(path), push_events: false, ...flags },
        })
        expect(res.status).toBe(201)
      }
      const issue = await createIssue(owner.token, hooked.id, { title: 'Hooked', labels: 'bug' })
      const iidOf = (hook: ReceivedHook) =>
        (hook.body.object_attributes as { iid?: number } | undefined)?.iid
      const actionOf = (hook: ReceivedHook) =>
        (hook.body.object_attributes as { action?: string } | undefined)?.action
      const [opened] = await receiver.waitFor(
        '/issues',
        (hook) => iidOf(hook) === issue.iid && actionOf(hook) === 'open',
      )
      expect(opened!.headers['x-gitlab-event']).toBe('Issue Hook')
      expect(opened!.body).toMatchObject({
        object_kind: 'issue',
        event_type: 'issue',
        user: expect.objectContaining({ username: owner.user.username }),
        project: expect.objectContaining({ id: hooked.id }),
        object_attributes: {
          id: issue.id,
          iid: issue.iid,
          title: 'Hooked',
          state: 'opened',
          state_id: 1,
          confidential: false,
          action: 'open',
          url: issue.web_url,
          labels: [expect.objectContaining({ title: 'bug' })],
        },
        labels: [expect.objectContaining({ title: 'bug' })],
        changes: {},
      })
      const close = await api(issuePath(hooked.id, issue.iid), {
        method: 'PUT',
        token: owner.token,
        body: { state_event: 'close', title: 'Hooked and closed' },
      })
      expect(close.status).toBe(200)
      const [closed] = await receiver.waitFor(
        '/issues',
        (hook) => iidOf(hook) === issue.iid && actionOf(hook) === 'close',
      )
      expect(closed!.body.changes).toMatchObject({
        title: { previous: 'Hooked', current: 'Hooked and closed' },
        state_id: { previous: 1, current: 2 },
        closed_at: { previous: null, current: expect.any(String) },
      })

      const secret = await createIssue(owner.token, hooked.id, {
        title: 'Secret',
        confidential: true,
      })
      const [confidential] = await receiver.waitFor(
        '/confidential',
        (hook) => iidOf(hook) === secret.iid,
      )
      expect(confidential!.headers['x-gitlab-event']).toBe('Confidential Issue Hook')
      expect(confidential!.body).toMatchObject({
        object_kind: 'issue',
        event_type: 'confidential_issue',
      })
      expect(receiver.at('/confidential').some((hook) => iidOf(hook) === issue.iid)).toBe(false)
      expect(receiver.at('/issues').some((hook) => iidOf(hook) === secret.iid)).toBe(false)
      expect(receiver.at('/none')).toEqual([])
    } finally {
      await receiver.stop()
    }
  })

  describe('GET /issues and GET /groups/:id/issues', () => {
    let author: UserWithToken
    let group: { id: number }
    let inGroup: ProjectJson
    let open: ProjectJson
    let own: IssueJson
    let ownPublic: IssueJson
    let assigned: IssueJson
    let secret: IssueJson
    // Titles carry a tag of their own, so that scope=all finds them among every test's issues.
    const tag = uniqueName('tag')

    beforeAll(async () => {
      author = await createUserWithToken()
      group = await createGroup(owner.token, { visibility: 'private' })
      inGroup = await createProject(owner.token, { visibility: 'private', namespace_id: group.id })
      open = await createProject(owner.token, { visibility: 'public' })
      await addProjectMember(inGroup.id, author.user.id, GUEST, owner.token)
      own = await createIssue(author.token, inGroup.id, { title: `mine in the group ${tag}` })
      ownPublic = await createIssue(author.token, open.id, { title: `mine in public ${tag}` })
      assigned = await createIssue(owner.token, inGroup.id, {
        title: `for the author ${tag}`,
        assignee_ids: [author.user.id],
      })
      secret = await createIssue(owner.token, inGroup.id, {
        title: `secret ${tag}`,
        confidential: true,
      })
    }, 60_000)

    /** The iids a list shows once the projects' access facts have reached the read model. */
    async function listed(
      path: string,
      token: string | undefined,
      query: Record<string, string>,
      want: number,
    ): Promise<number[]> {
      let ids: number[] = []
      await eventually(async () => {
        const res = await api<IssueJson[]>(path, { token, query: { per_page: '100', ...query } })
        expect(res.status).toBe(200)
        ids = res.body.map((issue) => issue.id)
        return ids.length >= want
      }, 15_000)
      return ids
    }

    it('lists the caller’s own issues by default, assigned ones with assigned_to_me', async () => {
      expect(await listed('/issues', author.token, {}, 2)).toEqual([ownPublic.id, own.id])
      expect(await listed('/issues', author.token, { scope: 'assigned_to_me' }, 1)).toEqual([
        assigned.id,
      ])
      expect(
        await listed('/issues', author.token, { scope: 'created_by_me', state: 'closed' }, 0),
      ).toEqual([])
      const anonymous = await api('/issues')
      expect(anonymous.status).toBe(401)
    })

    it('lists every issue the caller may read with scope=all, confidential ones only for whom they are', async () => {
      const all = await listed('/issues', author.token, { scope: 'all', search: tag }, 3)
      expect(all).toEqual(expect.arrayContaining([ownPublic.id, own.id, assigned.id]))
      expect(all).not.toContain(secret.id)
      const anonymous = await listed('/issues', undefined, { scope: 'all', search: tag }, 1)
      expect(anonymous).toContain(ownPublic.id)
      expect(anonymous).not.toEqual(expect.arrayContaining([own.id]))
      const strangers = await listed('/issues', stranger.token, { scope: 'all', search: tag }, 1)
      expect(strangers).toContain(ownPublic.id)
      expect(strangers).not.toContain(own.id)
    })

    it('lists a group’s issues for who may read the group, 404 for others', async () => {
      const ids = await listed(`/groups/${group.id}/issues`, owner.token, {}, 3)
      expect(ids).toEqual([secret.id, assigned.id, own.id])
      const res = await api<IssueJson[]>(`/groups/${group.id}/issues`, { token: owner.token })
      expect(res.body[0]!.references.relative).toBe(`${inGroup.path}#${secret.iid}`)
      expect(res.headers.get('x-total')).toBe('3')
      const hidden = await api(`/groups/${group.id}/issues`, { token: stranger.token })
      expect(hidden.status).toBe(404)
      expect(hidden.body).toEqual(notFound('Group'))
    })
  })

  it('runs as Renovate does through @gitbeaker/rest: list its own open issues, create the dashboard, update it on the next run', async () => {
    const bot = await createUserWithToken()
    await addProjectMember(project.id, bot.user.id, DEVELOPER, owner.token)
    const gitlab = new Gitlab({ host: baseUrl(), token: bot.token })
    const repository = project.path_with_namespace
    const ownOpenIssues = () =>
      gitlab.Issues.all({
        projectId: repository,
        state: 'opened',
        scope: 'created_by_me',
        perPage: 100,
      })

    // First run: nothing of its own yet (others' issues are not listed), so it creates the dashboard.
    expect(await ownOpenIssues()).toEqual([])
    const created = await gitlab.Issues.create(repository, 'Dependency Dashboard', {
      description: 'This issue lists Renovate updates.\n\n- [ ] <!-- approve -->lodash',
      labels: 'renovate',
      confidential: false,
    })
    expect(created).toMatchObject({
      title: 'Dependency Dashboard',
      labels: ['renovate'],
      state: 'opened',
    })

    // Second run: it finds the dashboard by title, reads its description and rewrites it.
    const found = (await ownOpenIssues()).find((issue) => issue.title === 'Dependency Dashboard')
    expect(found?.iid).toBe(created.iid)
    const shown = await gitlab.Issues.show(created.iid, { projectId: repository })
    expect(shown.description).toBe(created.description)
    const updated = await gitlab.Issues.edit(repository, created.iid, {
      title: 'Dependency Dashboard',
      description: 'This issue lists Renovate updates.\n\n- [x] <!-- approve -->lodash',
      labels: 'renovate,dashboard',
      confidential: false,
    })
    expect(updated).toMatchObject({ labels: ['dashboard', 'renovate'] })
    const again = await ownOpenIssues()
    expect(again.map((issue) => [issue.iid, issue.description])).toEqual([
      [created.iid, updated.description],
    ])

    // Closing (ensureIssueClosing) takes it off the list of open issues.
    await gitlab.Issues.edit(repository, created.iid, { stateEvent: 'close' })
    expect(await ownOpenIssues()).toEqual([])
  })
})
