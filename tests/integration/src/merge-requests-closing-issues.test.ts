import { api } from './support/api'
import { createUserWithToken, uniqueName, type UserWithToken } from './support/factories'
import { cloneUrl, commitFile, gitOk, withTempDir } from './support/git'
import { HookReceiver, type ReceivedHook } from './support/hook-receiver'
import {
  createMergeRequest,
  featureBranch,
  mrPath,
  projectWithMain,
  waitForMergeStatus,
  type MergeRequestJson,
} from './support/merge-requests'
import { addProjectMember, letDevelopersMerge, waitForEvent } from './support/projects'
import { rootToken } from './support/suite-state'
import { DEVELOPER, type ProjectJson } from './support/types'

jest.setTimeout(150_000)

interface IssueJson {
  id: number
  iid: number
  state: string
  closed_by: { id: number } | null
  closed_at: string | null
  confidential: boolean
}

/**
 * MergeRequests::PostMergeService#close_issues against the running suite: a
 * branch pushed with real git, a request whose description says "Closes #n",
 * merged through the API; the named issues of the target project close as the
 * merging user (closed_by, the closed event, the Issue Hook), others stay
 * open, and GET .../closes_issues lists them to whoever may read them.
 */
describe('merge requests closing issues', () => {
  let owner: UserWithToken
  let developer: UserWithToken
  let stranger: UserWithToken
  let project: ProjectJson

  beforeAll(async () => {
    ;[owner, developer, stranger] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    ;({ project } = await projectWithMain(owner, { visibility: 'public' }))
    await addProjectMember(project.id, developer.user.id, DEVELOPER, owner.token)
    await letDevelopersMerge(owner.token, project.id, 'main')
  }, 60_000)

  async function createIssue(body: Record<string, unknown>): Promise<IssueJson> {
    const res = await api<IssueJson>(`/projects/${project.id}/issues`, {
      method: 'POST',
      token: owner.token,
      body,
    })
    if (res.status !== 201) throw new Error(`POST issues: ${res.status} ${res.text}`)
    return res.body
  }

  const getIssue = async (iid: number) => {
    const res = await api<IssueJson>(`/projects/${project.id}/issues/${iid}`, {
      token: owner.token,
    })
    expect(res.status).toBe(200)
    return res.body
  }

  /** Pushes a new branch (one commit off `from`) as the developer with git; its head. */
  async function pushBranch(branch: string, from: string, message: string): Promise<string> {
    return withTempDir(async (dir) => {
      const url = cloneUrl(project.path_with_namespace, {
        username: developer.user.username,
        token: developer.token,
      })
      await gitOk(['clone', '-q', '--branch', from, url, 'wt'], dir)
      const wt = `${dir}/wt`
      await gitOk(['config', 'user.email', `${developer.user.username}@example.com`], wt)
      await gitOk(['config', 'user.name', developer.user.username], wt)
      await gitOk(['checkout', '-q', '-b', branch], wt)
      const head = await commitFile(wt, `${branch}.txt`, `${branch}\n`, message)
      await gitOk(['push', '-q', 'origin', branch], wt)
      return head
    })
  }

  /** A request from a freshly pushed branch, ready to merge. */
  async function readyRequest(
    description: string,
    target = 'main',
    message = 'Work on it',
  ): Promise<MergeRequestJson> {
    const branch = uniqueName('closes')
    const head = await pushBranch(branch, target, message)
    const mr = await createMergeRequest(developer.token, project.id, {
      source_branch: branch,
      target_branch: target,
      title: `Work on ${branch}`,
      description,
    })
    await waitForMergeStatus(developer.token, project.id, mr.iid, head, 'can_be_merged')
    return mr
  }

  const closesIssues = (mr: MergeRequestJson, token?: string) =>
    api<IssueJson[]>(mrPath(project.id, mr.iid, '/closes_issues'), { token })

  it('closes the issues named with closing words when merged through the API, as the merging user', async () => {
    const receiver = await new HookReceiver().start()
    try {
      const setting = await api('/application/settings', {
        method: 'PUT',
        token: rootToken(),
        body: { allow_local_requests_from_web_hooks_and_services: true },
      })
      expect(setting.status).toBe(200)
      const hook = await api(`/projects/${project.id}/hooks`, {
        method: 'POST',
        token: owner.token,
        body: { url: receiver.url('/issues'), push_events: false, issues_events: true },
      })
      expect(hook.status).toBe(201)

      const first = await createIssue({ title: 'First' })
      const secret = await createIssue({ title: 'Secret', confidential: true })
      const untouched = await createIssue({ title: 'Untouched' })
      const viaCommit = await createIssue({ title: 'Named by a commit' })
      const mr = await readyRequest(
        `Closes #${first.iid} and fixes ${project.path_with_namespace}#${secret.iid}.\n` +
          `Related to #${untouched.iid}; closes #999999.`,
        'main',
        `Work on it\n\nResolves #${viaCommit.iid}`,
      )

      // Before the merge: the issues it would close, each as the caller may read them.
      const asDeveloper = await closesIssues(mr, developer.token)
      expect(asDeveloper.status).toBe(200)
      expect(asDeveloper.body.map((issue) => issue.iid)).toEqual([
        first.iid,
        secret.iid,
        viaCommit.iid,
      ])
      expect(asDeveloper.headers.get('x-total')).toBe('3')
      const asStranger = await closesIssues(mr, stranger.token)
      expect(asStranger.body.map((issue) => issue.iid)).toEqual([first.iid, viaCommit.iid])
      const anonymous = await closesIssues(mr)
      expect(anonymous.body.map((issue) => issue.iid)).toEqual([first.iid, viaCommit.iid])
      expect((await getIssue(first.iid)).state).toBe('opened')

      const merged = await api<MergeRequestJson>(mrPath(project.id, mr.iid, '/merge'), {
        method: 'PUT',
        token: developer.token,
      })
      expect([merged.status, merged.body.state]).toEqual([200, 'merged'])

      for (const iid of [first.iid, secret.iid, viaCommit.iid]) {
        expect(await getIssue(iid)).toMatchObject({
          state: 'closed',
          closed_by: expect.objectContaining({ id: developer.user.id }),
          closed_at: expect.any(String),
        })
      }
      expect(await getIssue(untouched.iid)).toMatchObject({ state: 'opened', closed_by: null })

      // The closed event of the plain issue (a confidential one writes none), by the merger.
      const closed = await waitForEvent(
        `/projects/${project.id}/events`,
        owner.token,
        (event) => event.action_name === 'closed' && event['target_iid'] === first.iid,
        { target_type: 'issue' },
      )
      expect(closed).toMatchObject({ target_type: 'Issue', author_id: developer.user.id })

      const iidOf = (received: ReceivedHook) =>
        (received.body.object_attributes as { iid?: number } | undefined)?.iid
      const actionOf = (received: ReceivedHook) =>
        (received.body.object_attributes as { action?: string } | undefined)?.action
      const [closeHook] = await receiver.waitFor(
        '/issues',
        (received) => iidOf(received) === first.iid && actionOf(received) === 'close',
      )
      expect(closeHook!.body).toMatchObject({
        object_kind: 'issue',
        user: expect.objectContaining({ username: developer.user.username }),
        object_attributes: expect.objectContaining({ state: 'closed', action: 'close' }),
        changes: expect.objectContaining({ state_id: { previous: 1, current: 2 } }),
      })

      // After the merge the request still lists them, closed now.
      const after = await closesIssues(mr, developer.token)
      expect(after.body.map((issue) => [issue.iid, issue.state])).toEqual([
        [first.iid, 'closed'],
        [secret.iid, 'closed'],
        [viaCommit.iid, 'closed'],
      ])
    } finally {
      await receiver.stop()
    }
  })

  it('closes nothing for a request into a branch other than the default one', async () => {
    const issue = await createIssue({ title: 'Stays open' })
    const branch = await api(`/projects/${project.id}/repository/branches`, {
      method: 'POST',
      token: owner.token,
      body: { branch: uniqueName('stable'), ref: 'main' },
    })
    expect(branch.status).toBe(201)
    const target = (branch.body as { name: string }).name
    const mr = await readyRequest(`Closes #${issue.iid}`, target)
    expect((await closesIssues(mr, developer.token)).body).toEqual([])
    const merged = await api<MergeRequestJson>(mrPath(project.id, mr.iid, '/merge'), {
      method: 'PUT',
      token: developer.token,
    })
    expect([merged.status, merged.body.state]).toEqual([200, 'merged'])
    // Give a (wrong) close time to land before asserting it did not.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await getIssue(issue.iid)).toMatchObject({ state: 'opened', closed_by: null })
  })

  it('answers 404 for closes_issues of a request the caller may not read, and of none', async () => {
    const { project: hidden } = await projectWithMain(owner, { visibility: 'private' })
    const branch = uniqueName('hidden')
    await featureBranch(owner.token, hidden.id, branch)
    const mr = await createMergeRequest(owner.token, hidden.id, {
      source_branch: branch,
      target_branch: 'main',
      title: 'Closes #1',
    })
    const own = await api(mrPath(hidden.id, mr.iid, '/closes_issues'), { token: owner.token })
    expect(own.status).toBe(200)
    for (const token of [stranger.token, undefined]) {
      const res = await api(mrPath(hidden.id, mr.iid, '/closes_issues'), { token })
      expect(res.status).toBe(404)
    }
    const missing = await api(mrPath(project.id, 999999, '/closes_issues'), {
      token: developer.token,
    })
    expect([missing.status, missing.body]).toEqual([
      404,
      { message: '404 Merge Request Not Found' },
    ])
  })
})
