import { api } from './support/api'
import { createUserWithToken, uniqueName, type UserWithToken } from './support/factories'
import { HookReceiver } from './support/hook-receiver'
import {
  createMergeRequest,
  featureBranch,
  mrPath,
  projectWithMain,
  waitForDiff,
  type DiffVersionJson,
  type MergeRequestJson,
} from './support/merge-requests'
import { addProjectMember } from './support/projects'
import { rootToken } from './support/suite-state'
import { DEVELOPER, type ProjectJson } from './support/types'

// Diff collection, three producers' outboxes and the hook worker on two shared cores.
jest.setTimeout(150_000)

interface NoteJson {
  id: number
  type: string | null
  resolved: boolean
  position: Record<string, unknown> | null
}

interface DiscussionJson {
  id: string
  notes: NoteJson[]
}

/**
 * What a review bot does against this suite, end to end: it is told of a new
 * merge request by a webhook, reads the request and its diff versions, posts
 * a discussion on a changed line, resolves it, reports a commit status, and
 * hears each step back through the project's webhook, as it would from GitLab.
 */
describe('a review bot', () => {
  const receiver = new HookReceiver()
  let owner: UserWithToken
  let bot: UserWithToken
  let project: ProjectJson
  let hookId: number

  beforeAll(async () => {
    await receiver.start()
    ;[owner, bot] = await Promise.all([createUserWithToken(), createUserWithToken()])
    // Unresolved threads block the merge, so the bot's thread shows on the request.
    ;({ project } = await projectWithMain(owner, {
      only_allow_merge_if_all_discussions_are_resolved: true,
    }))
    await addProjectMember(project.id, bot.user.id, DEVELOPER, owner.token)
    const setting = await api('/application/settings', {
      method: 'PUT',
      token: rootToken(),
      body: { allow_local_requests_from_web_hooks_and_services: true },
    })
    expect(setting.status).toBe(200)
    const hook = await api<{ id: number }>(`/projects/${project.id}/hooks`, {
      method: 'POST',
      token: owner.token,
      body: {
        url: receiver.url('/bot'),
        token: 'bot-secret',
        push_events: false,
        merge_requests_events: true,
        note_events: true,
        pipeline_events: true,
      },
    })
    expect(hook.status).toBe(201)
    hookId = hook.body.id
  }, 60_000)

  afterAll(() => receiver.stop())

  const event = (name: string) => (hook: { headers: Record<string, unknown> }) =>
    hook.headers['x-gitlab-event'] === name

  it('reviews a merge request through the API and its webhooks', async () => {
    const branch = uniqueName('review')
    const head = await featureBranch(owner.token, project.id, branch, [
      { action: 'create', file_path: 'app.rb', content: 'puts "hello"\nputs "world"\n' },
    ])
    const mr = await createMergeRequest(owner.token, project.id, {
      source_branch: branch,
      target_branch: 'main',
      title: 'Add the app',
    })

    // 1. The bot hears of the new request.
    const [opened] = await receiver.waitFor('/bot', event('Merge Request Hook'))
    expect(opened!.headers['x-gitlab-token']).toBe('bot-secret')
    expect(opened!.body).toMatchObject({
      object_kind: 'merge_request',
      event_type: 'merge_request',
      user: { id: owner.user.id, username: owner.user.username },
      project: { id: project.id, path_with_namespace: project.path_with_namespace },
      object_attributes: {
        iid: mr.iid,
        action: 'open',
        source_branch: branch,
        target_branch: 'main',
        state: 'opened',
        url: `${project.web_url}/-/merge_requests/${mr.iid}`,
        source: { path_with_namespace: project.path_with_namespace },
        target: { path_with_namespace: project.path_with_namespace },
        last_commit: { id: head },
      },
      repository: { name: project.name, homepage: project.web_url },
    })

    // 2. It reads the request and its latest diff version.
    await waitForDiff(bot.token, project.id, mr.iid, head)
    const read = await api<MergeRequestJson>(mrPath(project.id, mr.iid), { token: bot.token })
    expect(read.status).toBe(200)
    const versions = await api<DiffVersionJson[]>(mrPath(project.id, mr.iid, '/versions'), {
      token: bot.token,
    })
    expect(versions.status).toBe(200)
    const latest = versions.body[0]!
    expect(latest.head_commit_sha).toBe(head)

    // 3. It comments on the second added line.
    const posted = await api<DiscussionJson>(mrPath(project.id, mr.iid, '/discussions'), {
      method: 'POST',
      token: bot.token,
      body: {
        body: 'Say goodbye as well?',
        position: {
          base_sha: latest.base_commit_sha,
          start_sha: latest.start_commit_sha,
          head_sha: latest.head_commit_sha,
          position_type: 'text',
          new_path: 'app.rb',
          old_path: 'app.rb',
          new_line: 2,
        },
      },
    })
    expect(posted.status).toBe(201)
    expect(posted.body.notes[0]).toMatchObject({ type: 'DiffNote', resolved: false })
    const noteId = posted.body.notes[0]!.id

    const [noted] = await receiver.waitFor('/bot', event('Note Hook'))
    expect(noted!.body).toMatchObject({
      object_kind: 'note',
      user: { id: bot.user.id },
      object_attributes: {
        id: noteId,
        note: 'Say goodbye as well?',
        noteable_type: 'MergeRequest',
        type: 'DiffNote',
        discussion_id: posted.body.id,
      },
      merge_request: { iid: mr.iid },
    })
    const blocked = await api<MergeRequestJson & { blocking_discussions_resolved: boolean }>(
      mrPath(project.id, mr.iid),
      { token: bot.token },
    )
    expect(blocked.body.blocking_discussions_resolved).toBe(false)

    // 4. The author answers in code review; the bot resolves its thread.
    const resolved = await api<DiscussionJson>(
      mrPath(project.id, mr.iid, `/discussions/${posted.body.id}`),
      { method: 'PUT', token: bot.token, body: { resolved: true } },
    )
    expect(resolved.status).toBe(200)
    expect(resolved.body.notes[0]!.resolved).toBe(true)
    const unblocked = await api<MergeRequestJson & { blocking_discussions_resolved: boolean }>(
      mrPath(project.id, mr.iid),
      { token: bot.token },
    )
    expect(unblocked.body.blocking_discussions_resolved).toBe(true)

    // 5. It reports its verdict as a commit status, which runs as an external pipeline.
    const status = await api(`/projects/${project.id}/statuses/${head}`, {
      method: 'POST',
      token: bot.token,
      body: { state: 'success', name: 'review-bot', ref: branch, description: 'Looks good' },
    })
    expect(status.status).toBe(201)
    const [finished] = await receiver.waitFor(
      '/bot',
      (hook) =>
        event('Pipeline Hook')(hook) &&
        (hook.body['object_attributes'] as { status?: string }).status === 'success',
    )
    expect(finished!.body).toMatchObject({
      object_kind: 'pipeline',
      object_attributes: { sha: head, ref: branch, source: 'external' },
      project: { id: project.id },
    })

    // The owner tests the hook with each kind of event the project now has.
    for (const [trigger, header, kind] of [
      ['merge_requests_events', 'Merge Request Hook', 'merge_request'],
      ['note_events', 'Note Hook', 'note'],
      ['pipeline_events', 'Pipeline Hook', 'pipeline'],
    ] as const) {
      const before = receiver.at('/bot').length
      const test = await api(`/projects/${project.id}/hooks/${hookId}/test/${trigger}`, {
        method: 'POST',
        token: owner.token,
      })
      expect([trigger, test.status, test.body]).toEqual([trigger, 201, { message: '201 Created' }])
      const sent = receiver.at('/bot').slice(before)
      expect(
        sent.map((hook) => [hook.headers['x-gitlab-event'], hook.body['object_kind']]),
      ).toEqual([[header, kind]])
      expect(sent[0]!.body['project']).toMatchObject({ id: project.id })
    }

    // Every delivery carried GitLab's headers, and none went twice.
    const uuids = receiver.at('/bot').map((hook) => hook.headers['x-gitlab-webhook-uuid'])
    expect(new Set(uuids).size).toBe(uuids.length)
  })
})
