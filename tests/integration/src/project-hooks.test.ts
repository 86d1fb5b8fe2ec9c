import { api, eventually } from './support/api'
import { createUserWithToken, uniqueName, type UserWithToken } from './support/factories'
import { HookReceiver } from './support/hook-receiver'
import { commitTo, featureBranch, projectWithMain, SHA } from './support/merge-requests'
import { cloneUrl, commitFile, gitOk, withTempDir } from './support/git'
import { addProjectMember } from './support/projects'
import { rootToken } from './support/suite-state'
import { DEVELOPER, MAINTAINER, type ProjectJson } from './support/types'

// Deliveries go through two queues and the worker role on two shared cores.
jest.setTimeout(120_000)

interface HookJson {
  id: number
  url: string
  name: string | null
  project_id: number
  push_events: boolean
  tag_push_events: boolean
  merge_requests_events: boolean
  note_events: boolean
  pipeline_events: boolean
  enable_ssl_verification: boolean
  alert_status: string
  disabled_until: string | null
  push_events_branch_filter: string | null
  branch_filter_strategy: string
  url_variables?: unknown[]
  custom_headers?: unknown[]
  token?: unknown
}

interface HookLogJson {
  id: number
  url: string
  trigger: string
  request_headers: Record<string, string>
  request_data: Record<string, unknown>
  response_headers: Record<string, string>
  response_body: string
  execution_duration: number
  response_status: string
  created_at: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

async function allowLocalHooks(allow: boolean): Promise<void> {
  const res = await api<{ allow_local_requests_from_web_hooks_and_services: boolean }>(
    '/application/settings',
    {
      method: 'PUT',
      token: rootToken(),
      body: { allow_local_requests_from_web_hooks_and_services: allow },
    },
  )
  expect(res.status).toBe(200)
  expect(res.body.allow_local_requests_from_web_hooks_and_services).toBe(allow)
}

/**
 * Project webhooks against a receiver this test runs on loopback (with the
 * instance setting that lets hooks reach local addresses turned on): CRUD,
 * GitLab's headers and push payloads, the branch filter, retries, the
 * delivery log, auto-disabling, tests and resends, and the SSRF guard.
 */
describe('project webhooks', () => {
  const receiver = new HookReceiver()
  let owner: UserWithToken
  let developer: UserWithToken
  // Hook tests are limited to five a minute per project and user: each test below has its own.
  let maintainer: UserWithToken
  let eager: UserWithToken
  let project: ProjectJson

  beforeAll(async () => {
    await receiver.start()
    ;[owner, developer, maintainer, eager] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    ;({ project } = await projectWithMain(owner))
    await addProjectMember(project.id, developer.user.id, DEVELOPER, owner.token)
    await addProjectMember(project.id, maintainer.user.id, MAINTAINER, owner.token)
    await addProjectMember(project.id, eager.user.id, MAINTAINER, owner.token)
    await allowLocalHooks(true)
  }, 60_000)

  afterAll(() => receiver.stop())

  const hooksPath = (tail = '') => `/projects/${project.id}/hooks${tail}`
  const createHook = async (body: Record<string, unknown>, token = owner.token) =>
    api<HookJson & { message?: unknown; error?: string }>(hooksPath(), {
      method: 'POST',
      token,
      body,
    })
  const logs = async (hookId: number, query: Record<string, string> = {}) =>
    api<HookLogJson[]>(hooksPath(`/${hookId}/events`), { token: owner.token, query })

  it('creates, lists, shows, updates and deletes a hook as GitLab does', async () => {
    const created = await createHook({
      url: receiver.url('/crud'),
      token: 'secret-crud',
      name: 'CI bot',
      merge_requests_events: true,
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      url: receiver.url('/crud'),
      name: 'CI bot',
      project_id: project.id,
      push_events: true,
      tag_push_events: false,
      merge_requests_events: true,
      enable_ssl_verification: true,
      alert_status: 'executable',
      disabled_until: null,
      push_events_branch_filter: null,
      branch_filter_strategy: 'wildcard',
      url_variables: [],
      custom_headers: [],
    })
    expect(created.body).not.toHaveProperty('token')
    const id = created.body.id

    const list = await api<HookJson[]>(hooksPath(), { token: owner.token })
    expect(list.status).toBe(200)
    expect(list.headers.get('x-total')).not.toBeNull()
    const listed = list.body.find((hook) => hook.id === id)
    expect(listed).toMatchObject({ id, url: receiver.url('/crud') })
    expect(listed).not.toHaveProperty('url_variables')

    const updated = await api<HookJson>(hooksPath(`/${id}`), {
      method: 'PUT',
      token: owner.token,
      body: { push_events: false, note_events: true, push_events_branch_filter: 'release/*' },
    })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({
      push_events: false,
      note_events: true,
      merge_requests_events: true,
      push_events_branch_filter: 'release/*',
    })

    const empty = await api(hooksPath(`/${id}`), { method: 'PUT', token: owner.token, body: {} })
    expect(empty.status).toBe(400)
    expect(empty.body).toEqual({ message: 'No parameters provided' })

    expect((await api(hooksPath(`/${id}`), { method: 'DELETE', token: owner.token })).status).toBe(
      204,
    )
    const gone = await api(hooksPath(`/${id}`), { token: owner.token })
    expect(gone.status).toBe(404)
    expect(gone.body).toEqual({ message: '404 Not found' })
  })

  it('answers GitLab’s errors for bad input and for callers below Maintainer', async () => {
    const noUrl = await createHook({ push_events: true })
    expect(noUrl.status).toBe(400)
    expect(noUrl.body).toEqual({ error: 'url is missing' })

    const ftp = await createHook({ url: 'ftp://example.com/hook' })
    expect(ftp.status).toBe(422)
    expect(ftp.body).toEqual({ message: 'Invalid url given' })

    const strategy = await createHook({ url: receiver.url(), branch_filter_strategy: 'glob' })
    expect(strategy.status).toBe(400)
    expect(strategy.body).toEqual({ error: 'branch_filter_strategy does not have a valid value' })

    const filter = await createHook({ url: receiver.url(), push_events_branch_filter: '~bad/' })
    expect(filter.status).toBe(422)
    expect(filter.body).toEqual({ message: 'Invalid branch filter given' })

    const regex = await createHook({
      url: receiver.url(),
      branch_filter_strategy: 'regex',
      push_events_branch_filter: '(unclosed',
    })
    expect(regex.status).toBe(422)

    const asDeveloper = await createHook({ url: receiver.url() }, developer.token)
    expect(asDeveloper.status).toBe(403)
    expect((await api(hooksPath(), { token: developer.token })).status).toBe(403)
    const stranger = await createUserWithToken()
    expect((await api(hooksPath(), { token: stranger.token })).status).toBe(404)
    expect((await api(hooksPath(), {})).status).toBe(401)

    const settings = await api('/application/settings', { token: owner.token })
    expect(settings.status).toBe(403)
  })

  it('delivers pushes with GitLab’s headers and payload, honouring the branch filter', async () => {
    const all = await createHook({ url: receiver.url('/push'), token: 'tok-push' })
    const release = await createHook({
      url: receiver.url('/release'),
      push_events_branch_filter: 'release/*',
    })
    expect([all.status, release.status]).toEqual([201, 201])

    const branch = `release/${uniqueName('r')}`
    const head = await featureBranch(owner.token, project.id, branch, [
      { action: 'create', file_path: 'notes.txt', content: 'one\n' },
    ])
    const after = await commitTo(owner.token, project.id, 'main', [
      { action: 'create', file_path: `${uniqueName('f')}.txt`, content: 'x\n' },
    ])

    const [toMain] = await receiver.waitFor('/push', (hook) => hook.body['after'] === after)
    const headers = toMain!.headers
    expect(headers['content-type']).toBe('application/json')
    expect(headers['x-gitlab-event']).toBe('Push Hook')
    expect(headers['x-gitlab-token']).toBe('tok-push')
    expect(headers['x-gitlab-instance']).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(headers['x-gitlab-webhook-uuid']).toMatch(UUID)
    expect(headers['x-gitlab-event-uuid']).toMatch(UUID)
    expect(headers['idempotency-key']).toMatch(UUID)
    expect(headers['user-agent']).toMatch(/^GitLab\/\d+\.\d+\.\d+/)
    const payload = toMain!.body
    expect(Object.keys(payload)).toEqual([
      'object_kind',
      'event_name',
      'before',
      'after',
      'ref',
      'ref_protected',
      'checkout_sha',
      'message',
      'user_id',
      'user_name',
      'user_username',
      'user_email',
      'user_avatar',
      'project_id',
      'project',
      'commits',
      'total_commits_count',
      'push_options',
      'repository',
    ])
    expect(payload).toMatchObject({
      object_kind: 'push',
      ref: 'refs/heads/main',
      ref_protected: true,
      checkout_sha: after,
      user_id: owner.user.id,
      user_username: owner.user.username,
      project_id: project.id,
      total_commits_count: 1,
      project: {
        id: project.id,
        path_with_namespace: project.path_with_namespace,
        web_url: project.web_url,
        default_branch: 'main',
      },
      repository: { name: project.name, homepage: project.web_url },
    })
    const commits = payload['commits'] as { id: string; added: string[]; url: string }[]
    expect(commits).toHaveLength(1)
    expect(commits[0]!.id).toBe(after)
    expect(commits[0]!.url).toBe(`${project.web_url}/-/commit/${after}`)
    expect(commits[0]!.added).toHaveLength(1)

    // The new release branch reached both hooks; main's push only the unfiltered one.
    const [created] = await receiver.waitFor('/release', (hook) => hook.body['after'] === head)
    expect(created!.body).toMatchObject({ before: '0'.repeat(40), ref: `refs/heads/${branch}` })
    await receiver.waitFor('/push', (hook) => hook.body['after'] === head)
    expect(receiver.at('/release').some((hook) => hook.body['after'] === after)).toBe(false)

    const log = await logs(all.body.id)
    expect(log.status).toBe(200)
    const entry = log.body.find((item) => item.request_data['after'] === after)
    expect(entry).toMatchObject({
      url: receiver.url('/push'),
      trigger: 'push_hooks',
      response_status: '200',
      response_body: 'ok',
    })
    expect(entry!.request_headers['X-Gitlab-Token']).toBe('[REDACTED]')
    expect(entry!.execution_duration).toBeGreaterThanOrEqual(0)
  })

  it('announces a real git push of many commits: the last twenty, oldest first', async () => {
    const hook = await createHook({ url: receiver.url('/git') })
    expect(hook.status).toBe(201)
    const branch = uniqueName('git')
    const shas: string[] = []
    await withTempDir(async (dir) => {
      const url = cloneUrl(project.path_with_namespace, {
        username: owner.user.username,
        token: owner.token,
      })
      await gitOk(['clone', '-q', url, 'wt'], dir)
      const wt = `${dir}/wt`
      await gitOk(['checkout', '-q', '-b', branch], wt)
      for (let i = 1; i <= 22; i++) {
        shas.push(await commitFile(wt, `step-${i}.txt`, `${i}\n`, `Step ${i}`))
      }
      await gitOk(['push', '-q', 'origin', branch], wt)
    })
    const last = shas[shas.length - 1]!
    const [pushed] = await receiver.waitFor('/git', (h) => h.body['after'] === last)
    expect(pushed!.body).toMatchObject({
      object_kind: 'push',
      before: '0'.repeat(40),
      ref: `refs/heads/${branch}`,
      ref_protected: false,
      total_commits_count: 22,
      user_username: owner.user.username,
    })
    const commits = pushed!.body['commits'] as { id: string; title: string; added: string[] }[]
    expect(commits.map((commit) => commit.id)).toEqual(shas.slice(2))
    expect(commits[19]).toMatchObject({ title: 'Step 22', added: ['step-22.txt'] })
  })

  it('sends tag pushes to hooks that want them', async () => {
    const hook = await createHook({
      url: receiver.url('/tags'),
      push_events: false,
      tag_push_events: true,
    })
    expect(hook.status).toBe(201)
    const tag = uniqueName('v')
    const res = await api(`/projects/${project.id}/repository/tags`, {
      method: 'POST',
      token: owner.token,
      body: { tag_name: tag, ref: 'main', message: 'Release notes' },
    })
    expect(res.status).toBe(201)
    const [got] = await receiver.waitFor('/tags', (h) => h.body['ref'] === `refs/tags/${tag}`)
    expect(got!.headers['x-gitlab-event']).toBe('Tag Push Hook')
    expect(got!.body).toMatchObject({
      object_kind: 'tag_push',
      message: 'Release notes',
      checkout_sha: expect.stringMatching(SHA),
    })
  })

  it('retries a failed delivery with the same Idempotency-Key and logs each request', async () => {
    let calls = 0
    const previous = receiver.respond
    receiver.respond = (hook) => (hook.path === '/flaky' && ++calls === 1 ? 502 : previous(hook))
    try {
      const hook = await createHook({ url: receiver.url('/flaky') })
      const after = await commitTo(owner.token, project.id, 'main', [
        { action: 'create', file_path: `${uniqueName('retry')}.txt`, content: 'r\n' },
      ])
      const tries = await receiver.waitFor('/flaky', (h) => h.body['after'] === after, 2)
      expect(tries[0]!.headers['idempotency-key']).toBe(tries[1]!.headers['idempotency-key'])
      expect(tries[0]!.headers['x-gitlab-event-uuid']).toBe(
        tries[1]!.headers['x-gitlab-event-uuid'],
      )
      expect(tries[0]!.headers['x-gitlab-webhook-uuid']).not.toBe(
        tries[1]!.headers['x-gitlab-webhook-uuid'],
      )
      let statuses: string[] = []
      expect(
        await eventually(async () => {
          statuses = (await logs(hook.body.id)).body.map((item) => item.response_status)
          return statuses.length === 2
        }),
      ).toBe(true)
      expect(statuses).toEqual(['200', '502'])
      const failures = await logs(hook.body.id, { status: 'server_failure' })
      expect(failures.body.map((item) => item.response_status)).toEqual(['502'])
      const shown = await api<HookJson>(hooksPath(`/${hook.body.id}`), { token: owner.token })
      expect(shown.body.alert_status).toBe('executable')
    } finally {
      receiver.respond = previous
    }
  })

  it('disables a hook for a while after four failed deliveries in a row', async () => {
    const previous = receiver.respond
    receiver.respond = (hook) => (hook.path === '/broken' ? 400 : previous(hook))
    try {
      const hook = await createHook({ url: receiver.url('/broken') })
      for (let push = 1; push <= 4; push++) {
        const after = await commitTo(owner.token, project.id, 'main', [
          { action: 'create', file_path: `${uniqueName('fail')}.txt`, content: 'f\n' },
        ])
        await receiver.waitFor('/broken', (h) => h.body['after'] === after)
        // A 4xx is not retried: one request per push.
        expect(await eventually(async () => (await logs(hook.body.id)).body.length === push)).toBe(
          true,
        )
      }
      const shown = await api<HookJson>(hooksPath(`/${hook.body.id}`), { token: owner.token })
      expect(shown.body.alert_status).toBe('temporarily_disabled')
      expect(Date.parse(shown.body.disabled_until ?? '')).toBeGreaterThan(Date.now())

      // Disabled: the next push is not sent.
      const skipped = await commitTo(owner.token, project.id, 'main', [
        { action: 'create', file_path: `${uniqueName('skip')}.txt`, content: 's\n' },
      ])
      await receiver.waitFor('/push', (h) => h.body['after'] === skipped)
      expect(receiver.at('/broken').some((h) => h.body['after'] === skipped)).toBe(false)

      // A test is sent anyway; once the receiver takes it, the hook is enabled again.
      receiver.respond = previous
      const test = await api(hooksPath(`/${hook.body.id}/test/push_events`), {
        method: 'POST',
        token: owner.token,
      })
      expect(test.status).toBe(201)
      expect(test.body).toEqual({ message: '201 Created' })
      const enabled = await api<HookJson>(hooksPath(`/${hook.body.id}`), { token: owner.token })
      expect(enabled.body).toMatchObject({ alert_status: 'executable', disabled_until: null })
    } finally {
      receiver.respond = previous
    }
  })

  it('tests and resends on request, answering as GitLab does', async () => {
    const hook = await createHook({ url: receiver.url('/manual') })
    const test = await api(hooksPath(`/${hook.body.id}/test/push_events`), {
      method: 'POST',
      token: owner.token,
    })
    expect(test.status).toBe(201)
    const [sent] = await receiver.waitFor('/manual')
    expect(sent!.body).toMatchObject({ object_kind: 'push', ref: 'refs/heads/main' })
    expect((sent!.body['commits'] as unknown[]).length).toBeGreaterThan(0)

    // What a project without merge requests, notes or pipelines answers.
    for (const [trigger, message] of [
      ['merge_requests_events', 'Ensure the project has merge requests.'],
      ['note_events', 'Ensure the project has notes.'],
      ['pipeline_events', 'Ensure the project has CI pipelines.'],
      ['wiki_page_events', 'Testing not available for this hook'],
    ]) {
      const none = await api(hooksPath(`/${hook.body.id}/test/${trigger}`), {
        method: 'POST',
        token: maintainer.token,
      })
      expect([trigger, none.status, none.body]).toEqual([trigger, 422, { message }])
    }

    const bad = await api(hooksPath(`/${hook.body.id}/test/nothing_events`), {
      method: 'POST',
      token: owner.token,
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ error: 'trigger does not have a valid value' })

    const [entry] = (await logs(hook.body.id)).body
    const resent = await api(hooksPath(`/${hook.body.id}/events/${entry!.id}/resend`), {
      method: 'POST',
      token: owner.token,
    })
    expect(resent.status).toBe(201)
    expect(resent.body).toEqual({ response_status: 200 })
    const both = await receiver.waitFor('/manual', () => true, 2)
    expect(both[1]!.headers['idempotency-key']).toBe(both[0]!.headers['idempotency-key'])

    const previous = receiver.respond
    receiver.respond = (h) => (h.path === '/manual' ? 500 : previous(h))
    try {
      const failed = await api(hooksPath(`/${hook.body.id}/test/push_events`), {
        method: 'POST',
        token: owner.token,
      })
      expect(failed.status).toBe(422)
      expect(failed.body).toEqual({ message: 'refused with 500' })
    } finally {
      receiver.respond = previous
    }
  })

  it('allows five tests a minute per project and user, as GitLab does', async () => {
    const hook = await createHook({ url: receiver.url('/eager') })
    const test = () =>
      api<{ message: unknown }>(hooksPath(`/${hook.body.id}/test/push_events`), {
        method: 'POST',
        token: eager.token,
      })
    // Windows are a minute long: eleven requests put six in one window whatever the clock.
    let sent = 0
    let refused: Awaited<ReturnType<typeof test>> | undefined
    while (!refused && sent < 11) {
      const res = await test()
      sent += 1
      if (res.status === 429) refused = res
      else expect(res.status).toBe(201)
    }
    expect(sent).toBeGreaterThanOrEqual(6)
    if (!refused) throw new Error('eleven hook tests in a row were all taken')
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      message: { error: 'This endpoint has been requested too many times. Try again later.' },
    })
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
  })

  it('keeps hooks off loopback and private addresses unless an admin allows them', async () => {
    const hook = await createHook({ url: receiver.url('/guarded') })
    expect(hook.status).toBe(201)
    await allowLocalHooks(false)
    try {
      for (const url of [
        receiver.url('/x'),
        'http://localhost:9/x',
        'http://10.1.2.3/x',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/x',
        'http://[::ffff:127.0.0.1]/x',
        'http://0.0.0.0/x',
      ]) {
        const res = await createHook({ url })
        expect([url, res.status, res.body]).toEqual([url, 422, { message: 'Invalid url given' }])
      }
      // A hook saved while it was allowed is refused at connect time and logged.
      const test = await api<{ message: string }>(hooksPath(`/${hook.body.id}/test/push_events`), {
        method: 'POST',
        token: owner.token,
      })
      expect(test.status).toBe(422)
      expect(test.body.message).toMatch(
        /is blocked: Requests to loopback addresses are not allowed/,
      )
      expect(receiver.at('/guarded')).toEqual([])
      const [entry] = (await logs(hook.body.id)).body
      expect(entry).toMatchObject({ response_status: 'internal error' })
    } finally {
      await allowLocalHooks(true)
    }
  })
})
