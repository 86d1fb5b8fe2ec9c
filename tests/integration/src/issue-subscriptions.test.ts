import { Gitlab } from '@gitbeaker/rest'
import { api } from './support/api'
import { createUserWithToken, type UserWithToken } from './support/factories'
import { notFound, UNAUTHORIZED } from './support/gitlab-errors'
import { addProjectMember, createProject } from './support/projects'
import { baseUrl } from './support/suite-state'
import { GUEST, REPORTER, type ProjectJson } from './support/types'

// Issue 26, round 2: API::Subscriptions for issues (POST .../issues/:issue_iid/subscribe
// and /unsubscribe) through the merge request subscribe code, and the Issue entity's
// `subscribed` from subscription records (Subscribable#subscribed?: the record, else
// participation as author, assignee or commenter); TimeTrackingEndpoints for issues
// through the merge request time tracking code, and the Issue entity's time_stats.

jest.setTimeout(120_000)

interface IssueJson {
  id: number
  iid: number
  project_id: number
  subscribed?: boolean
  confidential: boolean
  [field: string]: unknown
}

const issuePath = (projectId: number, iid: number) => `/projects/${projectId}/issues/${iid}`

describe('issue subscriptions and time tracking', () => {
  let owner: UserWithToken
  let guest: UserWithToken
  let reporter: UserWithToken
  let outsider: UserWithToken
  let project: ProjectJson

  async function createIssue(body: Record<string, unknown>): Promise<IssueJson> {
    const res = await api<IssueJson>(`/projects/${project.id}/issues`, {
      method: 'POST',
      token: owner.token,
      body,
    })
    if (res.status !== 201) throw new Error(`POST issues: ${res.status} ${res.text}`)
    return res.body
  }

  const post = (issue: IssueJson | number, action: string, token?: string) =>
    api<IssueJson>(
      `${issuePath(project.id, typeof issue === 'number' ? issue : issue.iid)}/${action}`,
      token === undefined ? { method: 'POST' } : { method: 'POST', token },
    )

  async function subscribedFor(token: string, issue: IssueJson): Promise<boolean | undefined> {
    const res = await api<IssueJson>(issuePath(project.id, issue.iid), { token })
    if (res.status !== 200) throw new Error(`GET issue: ${res.status} ${res.text}`)
    return res.body.subscribed
  }

  beforeAll(async () => {
    ;[owner, guest, reporter, outsider] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    project = await createProject(owner.token, { visibility: 'private' })
    await addProjectMember(project.id, guest.user.id, GUEST, owner.token)
    await addProjectMember(project.id, reporter.user.id, REPORTER, owner.token)
  }, 120_000)

  it('lets a Guest subscribe (201, the Issue entity), 304 with no body the second time; GET shows it', async () => {
    const issue = await createIssue({ title: 'Follow me' })
    expect(await subscribedFor(guest.token, issue)).toBe(false)

    const first = await post(issue, 'subscribe', guest.token)
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({
      id: issue.id,
      iid: issue.iid,
      project_id: project.id,
      title: 'Follow me',
      subscribed: true,
    })
    expect(await subscribedFor(guest.token, issue)).toBe(true)
    // The record is the Guest's alone.
    expect(await subscribedFor(reporter.token, issue)).toBe(false)

    const second = await post(issue, 'subscribe', guest.token)
    expect(second.status).toBe(304)
    expect(second.text).toBe('')
  })

  it('unsubscribes (201), 304 when not subscribed', async () => {
    const issue = await createIssue({ title: 'Leave me' })
    const notYet = await post(issue, 'unsubscribe', reporter.token)
    expect(notYet.status).toBe(304)
    expect(notYet.text).toBe('')

    expect((await post(issue, 'subscribe', reporter.token)).status).toBe(201)
    const off = await post(issue, 'unsubscribe', reporter.token)
    expect(off.status).toBe(201)
    expect(off.body).toMatchObject({ id: issue.id, subscribed: false })
    expect(await subscribedFor(reporter.token, issue)).toBe(false)
    expect((await post(issue, 'unsubscribe', reporter.token)).status).toBe(304)
  })

  it('counts the author, an assignee and a commenter as subscribed until they unsubscribe', async () => {
    const issue = await createIssue({ title: 'Participants', assignee_ids: [guest.user.id] })
    expect(await subscribedFor(owner.token, issue)).toBe(true)
    expect((await post(issue, 'subscribe', owner.token)).status).toBe(304)
    expect((await post(issue, 'unsubscribe', owner.token)).status).toBe(201)
    // The explicit choice outweighs authorship from now on.
    expect(await subscribedFor(owner.token, issue)).toBe(false)

    expect(await subscribedFor(guest.token, issue)).toBe(true)
    expect((await post(issue, 'subscribe', guest.token)).status).toBe(304)

    expect(await subscribedFor(reporter.token, issue)).toBe(false)
    const note = await api(`${issuePath(project.id, issue.iid)}/notes`, {
      method: 'POST',
      token: reporter.token,
      body: { body: 'Count me in' },
    })
    expect(note.status).toBe(201)
    expect(await subscribedFor(reporter.token, issue)).toBe(true)
    expect((await post(issue, 'subscribe', reporter.token)).status).toBe(304)
  })

  it('answers a confidential issue to its readers only (404 Issue Not Found for a Guest)', async () => {
    const secret = await createIssue({ title: 'Hush', confidential: true })
    const refused = await post(secret, 'subscribe', guest.token)
    expect(refused.status).toBe(404)
    expect(refused.body).toEqual(notFound('Issue'))
    expect((await post(secret, 'unsubscribe', guest.token)).status).toBe(404)

    const allowed = await post(secret, 'subscribe', reporter.token)
    expect(allowed.status).toBe(201)
    expect(allowed.body).toMatchObject({ id: secret.id, confidential: true, subscribed: true })
  })

  it('answers 401, 404 and 400 as GitLab does, never 500', async () => {
    const issue = await createIssue({ title: 'Refusals' })
    const anonymous = await post(issue, 'subscribe')
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toEqual(UNAUTHORIZED)
    // A private project is not there for a non-member.
    const stranger = await post(issue, 'subscribe', outsider.token)
    expect(stranger.status).toBe(404)
    expect(stranger.body).toEqual(notFound('Project'))
    const unknown = await post(issue.iid + 1000, 'subscribe', guest.token)
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual(notFound('Issue'))
    const bad = await api(`/projects/${project.id}/issues/not-a-number/subscribe`, {
      method: 'POST',
      token: guest.token,
    })
    expect(bad.status).toBeGreaterThanOrEqual(400)
    expect(bad.status).toBeLessThan(500)
  })

  it('serves @gitbeaker/rest Issues.subscribe and Issues.unsubscribe', async () => {
    const gitlab = new Gitlab({ host: baseUrl(), token: guest.token })
    const issue = await createIssue({ title: 'Via gitbeaker' })
    const on = await gitlab.Issues.subscribe(project.id, issue.iid)
    expect(on).toMatchObject({ id: issue.id, iid: issue.iid, subscribed: true })
    const shown = await gitlab.Issues.show(issue.iid, { projectId: project.id })
    expect(shown.subscribed).toBe(true)
    const off = await gitlab.Issues.unsubscribe(project.id, issue.iid)
    expect(off).toMatchObject({ id: issue.id, subscribed: false })
  })

  it('tracks time on an issue: estimate and resets answer 200, add_spent_time 201, the Issue entity shows it', async () => {
    const issue = await createIssue({ title: 'Timed' })
    const path = issuePath(project.id, issue.iid)
    const estimate = await api(`${path}/time_estimate`, {
      method: 'POST',
      token: reporter.token,
      body: { duration: '3h30m' },
    })
    expect(estimate.status).toBe(200)
    expect(estimate.body).toEqual({
      time_estimate: 12_600,
      total_time_spent: 0,
      human_time_estimate: '3h 30m',
      human_total_time_spent: null,
    })
    const spent = await api(`${path}/add_spent_time`, {
      method: 'POST',
      token: reporter.token,
      body: { duration: '1h', summary: 'triage' },
    })
    expect(spent.status).toBe(201)
    expect(spent.body).toMatchObject({ total_time_spent: 3600, human_total_time_spent: '1h' })
    const less = await api(`${path}/add_spent_time`, {
      method: 'POST',
      token: reporter.token,
      body: { duration: '-30m' },
    })
    expect(less.body).toMatchObject({ total_time_spent: 1800 })

    // A Guest reads the stats, on their own route and on the issue.
    const stats = await api(`${path}/time_stats`, { token: guest.token })
    expect(stats.status).toBe(200)
    expect(stats.body).toMatchObject({ time_estimate: 12_600, total_time_spent: 1800 })
    const shown = await api<IssueJson>(path, { token: guest.token })
    expect(shown.body.time_stats).toEqual({
      time_estimate: 12_600,
      total_time_spent: 1800,
      human_time_estimate: '3h 30m',
      human_total_time_spent: '30m',
    })

    const resetSpent = await api(`${path}/reset_spent_time`, {
      method: 'POST',
      token: reporter.token,
    })
    expect(resetSpent.status).toBe(200)
    expect(resetSpent.body).toMatchObject({ total_time_spent: 0 })
    const resetEstimate = await api(`${path}/reset_time_estimate`, {
      method: 'POST',
      token: reporter.token,
    })
    expect(resetEstimate.status).toBe(200)
    expect(resetEstimate.body).toMatchObject({ time_estimate: 0 })
  })

  it('refuses time tracking as GitLab does: 403 for a Guest, 404 for a hidden confidential issue, 400 for bad durations', async () => {
    const issue = await createIssue({ title: 'Not yours to time' })
    const path = issuePath(project.id, issue.iid)
    const byGuest = await api(`${path}/add_spent_time`, {
      method: 'POST',
      token: guest.token,
      body: { duration: '1h' },
    })
    expect(byGuest.status).toBe(403)
    const secret = await createIssue({ title: 'Hidden time', confidential: true })
    const hidden = await api(`${issuePath(project.id, secret.iid)}/time_stats`, {
      token: guest.token,
    })
    expect(hidden.status).toBe(404)
    expect(hidden.body).toEqual(notFound('Issue'))
    const missing = await api(`${path}/time_estimate`, { method: 'POST', token: reporter.token })
    expect(missing.status).toBe(400)
    const badEstimate = await api(`${path}/time_estimate`, {
      method: 'POST',
      token: reporter.token,
      body: { duration: 'soon' },
    })
    expect(badEstimate.status).toBe(400)
    const badSpent = await api(`${path}/add_spent_time`, {
      method: 'POST',
      token: reporter.token,
      body: { duration: 'soon' },
    })
    expect(badSpent.status).toBe(400)
  })

  it('serves @gitbeaker/rest Issues.addSpentTime, addTimeEstimate and showTimeStats', async () => {
    const gitlab = new Gitlab({ host: baseUrl(), token: reporter.token })
    const issue = await createIssue({ title: 'Timed via gitbeaker' })
    await gitlab.Issues.addTimeEstimate(project.id, issue.iid, '2h')
    const spent = await gitlab.Issues.addSpentTime(project.id, issue.iid, '45m')
    expect(spent).toMatchObject({ time_estimate: 7200, total_time_spent: 2700 })
    const stats = await gitlab.Issues.showTimeStats(project.id, issue.iid)
    expect(stats).toMatchObject({ human_time_estimate: '2h', human_total_time_spent: '45m' })
  })
})
