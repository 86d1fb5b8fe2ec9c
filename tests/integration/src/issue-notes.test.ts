import { Gitlab } from '@gitbeaker/rest'
import { api } from './support/api'
import { createUserWithToken, type UserWithToken } from './support/factories'
import { FORBIDDEN, notFound } from './support/gitlab-errors'
import { HookReceiver, type ReceivedHook } from './support/hook-receiver'
import { ISO_TIME } from './support/merge-requests'
import { addProjectMember, createProject } from './support/projects'
import { baseUrl, rootToken } from './support/suite-state'
import { GUEST, MAINTAINER, REPORTER, type ProjectJson } from './support/types'

// Issue 26, part 4: notes, discussions and award emoji on issues (lib/api/notes.rb,
// discussions.rb and award_emoji.rb mounted for issues), the Issue entity's
// user_notes_count, upvotes and downvotes, and Note Hooks carrying the issue; part 5:
// note bodies normalised as for merge requests.

jest.setTimeout(120_000)

interface NoteJson {
  id: number
  type: string | null
  body: string
  author: { id: number; username: string }
  created_at: string
  noteable_id: number
  noteable_type: string
  noteable_iid: number
  project_id: number
  resolvable: boolean
  internal: boolean
  [field: string]: unknown
}

interface DiscussionJson {
  id: string
  individual_note: boolean
  notes: NoteJson[]
}

interface IssueJson {
  id: number
  iid: number
  web_url: string
  user_notes_count: number
  [field: string]: unknown
}

const issuePath = (projectId: number, iid: number) => `/projects/${projectId}/issues/${iid}`

async function createIssue(
  token: string,
  projectId: number,
  body: Record<string, unknown>,
): Promise<IssueJson> {
  const res = await api<IssueJson>(`/projects/${projectId}/issues`, {
    method: 'POST',
    token,
    body,
  })
  if (res.status !== 201) throw new Error(`POST issues: ${res.status} ${res.text}`)
  return res.body
}

describe('issue notes and discussions', () => {
  let owner: UserWithToken
  let guest: UserWithToken
  let reporter: UserWithToken
  let maintainer: UserWithToken
  let outsider: UserWithToken
  let project: ProjectJson
  let issue: IssueJson

  const notes = () => `${issuePath(project.id, issue.iid)}/notes`
  const discussions = () => `${issuePath(project.id, issue.iid)}/discussions`

  beforeAll(async () => {
    ;[owner, guest, reporter, maintainer, outsider] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    project = await createProject(owner.token, { visibility: 'private' })
    await addProjectMember(project.id, guest.user.id, GUEST, owner.token)
    await addProjectMember(project.id, reporter.user.id, REPORTER, owner.token)
    await addProjectMember(project.id, maintainer.user.id, MAINTAINER, owner.token)
    issue = await createIssue(owner.token, project.id, { title: 'Talk here' })
  }, 120_000)

  it("lets a Guest comment (201, GitLab's Note entity on an Issue, the body normalised), counted on the issue", async () => {
    const res = await api<NoteJson>(notes(), {
      method: 'POST',
      token: guest.token,
      body: { body: 'First  \r\nthought\r\n ' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        type: null,
        body: 'First  \nthought',
        author: expect.objectContaining({ id: guest.user.id }),
        created_at: expect.stringMatching(ISO_TIME),
        system: false,
        noteable_id: issue.id,
        noteable_type: 'Issue',
        noteable_iid: issue.iid,
        project_id: project.id,
        resolvable: false,
        internal: false,
        confidential: false,
      }),
    )
    const shown = await api<IssueJson>(issuePath(project.id, issue.iid), { token: guest.token })
    expect(shown.body.user_notes_count).toBe(1)

    const one = await api<NoteJson>(`${notes()}/${res.body.id}`, { token: reporter.token })
    expect(one.status).toBe(200)
    expect(one.body.body).toBe('First  \nthought')
  })

  it('lists newest first by default, and honours order_by/sort and pagination', async () => {
    const issueB = await createIssue(owner.token, project.id, { title: 'Listed' })
    const path = `${issuePath(project.id, issueB.iid)}/notes`
    for (const body of ['one', 'two', 'three']) {
      const res = await api(path, { method: 'POST', token: reporter.token, body: { body } })
      expect(res.status).toBe(201)
    }
    const newest = await api<NoteJson[]>(path, { token: guest.token })
    expect(newest.body.map((note) => note.body)).toEqual(['three', 'two', 'one'])
    const oldest = await api<NoteJson[]>(`${path}?sort=asc&order_by=updated_at&per_page=2`, {
      token: guest.token,
    })
    expect(oldest.body.map((note) => note.body)).toEqual(['one', 'two'])
    expect(oldest.headers.get('x-total')).toBe('3')
    const bad = await api(`${path}?order_by=title`, { token: guest.token })
    expect(bad.status).toBe(400)
  })

  it('edits by the author only (403 otherwise), deletes by the author or a Maintainer', async () => {
    const created = await api<NoteJson>(notes(), {
      method: 'POST',
      token: guest.token,
      body: { body: 'to change' },
    })
    const path = `${notes()}/${created.body.id}`
    const byOther = await api(path, { method: 'PUT', token: reporter.token, body: { body: 'x' } })
    expect(byOther.status).toBe(403)
    expect(byOther.body).toEqual(FORBIDDEN)
    const edited = await api<NoteJson>(path, {
      method: 'PUT',
      token: guest.token,
      body: { body: 'changed\r\n' },
    })
    expect(edited.status).toBe(200)
    expect(edited.body.body).toBe('changed')
    expect((await api(path, { method: 'DELETE', token: reporter.token })).status).toBe(403)
    expect((await api(path, { method: 'DELETE', token: maintainer.token })).status).toBe(204)
    const gone = await api(path, { token: guest.token })
    expect(gone.status).toBe(404)
    expect(gone.body).toEqual(notFound('Note'))
  })

  it('answers bad input with 4xx: no body, an empty one, an unknown issue, a stranger', async () => {
    expect((await api(notes(), { method: 'POST', token: guest.token, body: {} })).status).toBe(400)
    const blank = await api(notes(), { method: 'POST', token: guest.token, body: { body: '' } })
    expect(blank.status).toBe(400)
    const unknown = await api(`${issuePath(project.id, 999_999)}/notes`, { token: guest.token })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual(notFound('Issue'))
    expect((await api(notes(), { token: outsider.token })).status).toBe(404)
    const anonymous = await api(notes(), { method: 'POST', body: { body: 'x' } })
    expect(anonymous.status).toBe(401)
    expect((await api(`${notes()}/abc`, { token: guest.token })).status).toBe(400)
  })

  it("hides a confidential issue's notes from a Guest who is not its author", async () => {
    const secret = await createIssue(owner.token, project.id, {
      title: 'Secret',
      confidential: true,
    })
    const path = `${issuePath(project.id, secret.iid)}/notes`
    const posted = await api(path, {
      method: 'POST',
      token: reporter.token,
      body: { body: 'hush' },
    })
    expect(posted.status).toBe(201)
    const byGuest = await api(path, { token: guest.token })
    expect(byGuest.status).toBe(404)
    expect(byGuest.body).toEqual(notFound('Issue'))
    const guestPost = await api(path, { method: 'POST', token: guest.token, body: { body: 'x' } })
    expect(guestPost.status).toBe(404)
    const guestThreads = await api(`${issuePath(project.id, secret.iid)}/discussions`, {
      token: guest.token,
    })
    expect(guestThreads.status).toBe(404)
    expect((await api<NoteJson[]>(path, { token: reporter.token })).body).toHaveLength(1)
  })

  it('keeps internal notes to Reporters and up', async () => {
    const internal = await api<NoteJson>(notes(), {
      method: 'POST',
      token: reporter.token,
      body: { body: 'between us', internal: true },
    })
    expect(internal.status).toBe(201)
    expect(internal.body.internal).toBe(true)
    const byGuest = await api<NoteJson[]>(`${notes()}?per_page=100`, { token: guest.token })
    expect(byGuest.body.map((note) => note.id)).not.toContain(internal.body.id)
    expect((await api(`${notes()}/${internal.body.id}`, { token: guest.token })).status).toBe(404)
    const byReporter = await api<NoteJson[]>(`${notes()}?per_page=100`, { token: reporter.token })
    expect(byReporter.body.map((note) => note.id)).toContain(internal.body.id)
    // A Guest's internal flag is ignored (mark_note_as_internal).
    const guestTry = await api<NoteJson>(notes(), {
      method: 'POST',
      token: guest.token,
      body: { body: 'not internal', internal: true },
    })
    expect(guestTry.body.internal).toBe(false)
  })

  it('starts discussions, replies, edits and deletes their notes; issue threads are not resolvable', async () => {
    const started = await api<DiscussionJson>(discussions(), {
      method: 'POST',
      token: guest.token,
      body: { body: 'A thread' },
    })
    expect(started.status).toBe(201)
    expect(started.body).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{40}$/),
      individual_note: false,
      notes: [
        expect.objectContaining({
          type: 'DiscussionNote',
          body: 'A thread',
          noteable_type: 'Issue',
          noteable_iid: issue.iid,
          resolvable: false,
        }),
      ],
    })
    const thread = `${discussions()}/${started.body.id}`
    const reply = await api<NoteJson>(`${thread}/notes`, {
      method: 'POST',
      token: reporter.token,
      body: { body: 'A reply' },
    })
    expect(reply.status).toBe(201)
    expect(reply.body).toMatchObject({ type: 'DiscussionNote', resolvable: false })

    const shown = await api<DiscussionJson>(thread, { token: guest.token })
    expect(shown.body.notes.map((note) => note.body)).toEqual(['A thread', 'A reply'])
    const listed = await api<DiscussionJson[]>(`${discussions()}?per_page=100`, {
      token: guest.token,
    })
    expect(listed.status).toBe(200)
    expect(listed.body.find((d) => d.id === started.body.id)?.notes).toHaveLength(2)
    // A plain note is an individual discussion.
    expect(listed.body.some((d) => d.individual_note && d.notes.length === 1)).toBe(true)

    const noteOf = (id: number) => `${thread}/notes/${id}`
    const edited = await api<NoteJson>(noteOf(reply.body.id), {
      method: 'PUT',
      token: reporter.token,
      body: { body: 'A better reply' },
    })
    expect(edited.status).toBe(200)
    expect(edited.body.body).toBe('A better reply')
    const noBody = await api(noteOf(reply.body.id), {
      method: 'PUT',
      token: reporter.token,
      body: { resolved: true },
    })
    expect(noBody.status).toBe(400)
    const resolveThread = await api(thread, {
      method: 'PUT',
      token: owner.token,
      body: { resolved: true },
    })
    // Resolving is mounted for merge requests only: the path answers GET, so Grape's 405.
    expect(resolveThread.status).toBe(405)
    expect(
      (await api(noteOf(reply.body.id), { method: 'DELETE', token: guest.token })).status,
    ).toBe(403)
    expect(
      (await api(noteOf(reply.body.id), { method: 'DELETE', token: reporter.token })).status,
    ).toBe(204)
    expect((await api(`${discussions()}/${'0'.repeat(40)}`, { token: guest.token })).status).toBe(
      404,
    )
  })

  it('sends a Note Hook with the issue to hooks with note_events', async () => {
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
        ['/notes', { note_events: true }],
        ['/confidential', { confidential_note_events: true }],
      ] as const) {
        const res = await api(`/projects/${hooked.id}/hooks`, {
          method: 'POST',
          token: owner.token,
          body: { url: receiver.url(path), push_events: false, ...flags },
        })
        expect(res.status).toBe(201)
      }
      const target = await createIssue(owner.token, hooked.id, { title: 'Hooked' })
      const note = await api<NoteJson>(`${issuePath(hooked.id, target.iid)}/notes`, {
        method: 'POST',
        token: owner.token,
        body: { body: 'Ping' },
      })
      expect(note.status).toBe(201)
      const noteIdOf = (hook: ReceivedHook) =>
        (hook.body.object_attributes as { id?: number } | undefined)?.id
      const [hook] = await receiver.waitFor('/notes', (h) => noteIdOf(h) === note.body.id)
      expect(hook!.headers['x-gitlab-event']).toBe('Note Hook')
      expect(hook!.body).toMatchObject({
        object_kind: 'note',
        event_type: 'note',
        project_id: hooked.id,
        object_attributes: {
          id: note.body.id,
          note: 'Ping',
          noteable_type: 'Issue',
          noteable_id: target.id,
          url: `${target.web_url}#note_${note.body.id}`,
          action: 'create',
        },
        issue: expect.objectContaining({ id: target.id, iid: target.iid, title: 'Hooked' }),
      })
      expect(hook!.body).not.toHaveProperty('merge_request')

      const secret = await createIssue(owner.token, hooked.id, {
        title: 'Secret',
        confidential: true,
      })
      const hidden = await api<NoteJson>(`${issuePath(hooked.id, secret.iid)}/notes`, {
        method: 'POST',
        token: owner.token,
        body: { body: 'Quiet' },
      })
      const [confidential] = await receiver.waitFor(
        '/confidential',
        (h) => noteIdOf(h) === hidden.body.id,
      )
      expect(confidential!.headers['x-gitlab-event']).toBe('Confidential Note Hook')
      expect(confidential!.body).toMatchObject({ event_type: 'confidential_note' })
      expect(receiver.at('/notes').some((h) => noteIdOf(h) === hidden.body.id)).toBe(false)
    } finally {
      await receiver.stop()
    }
  })

  it("awards emoji on issues: the AwardEmoji entity, the issue's votes, one per name, own removals", async () => {
    const target = await createIssue(owner.token, project.id, { title: 'Vote here' })
    const awards = `${issuePath(project.id, target.iid)}/award_emoji`
    const up = await api<Record<string, unknown>>(awards, {
      method: 'POST',
      token: guest.token,
      body: { name: '+1' },
    })
    expect(up.status).toBe(201)
    expect(up.body).toMatchObject({
      id: expect.any(Number),
      name: 'thumbsup',
      user: expect.objectContaining({ id: guest.user.id }),
      awardable_id: target.id,
      awardable_type: 'Issue',
    })
    const down = await api(awards, {
      method: 'POST',
      token: reporter.token,
      body: { name: 'thumbsdown' },
    })
    expect(down.status).toBe(201)
    const again = await api(awards, { method: 'POST', token: guest.token, body: { name: '+1' } })
    expect(again.status).toBe(404)
    expect(again.body).toEqual({ message: expect.stringMatching(/has already been taken/) })
    const unknown = await api(awards, {
      method: 'POST',
      token: guest.token,
      body: { name: 'nope' },
    })
    expect(unknown.status).toBe(404)

    const shown = await api<IssueJson>(issuePath(project.id, target.iid), { token: guest.token })
    expect(shown.body).toMatchObject({ upvotes: 1, downvotes: 1 })
    const listed = await api<Record<string, unknown>[]>(awards, { token: guest.token })
    expect(listed.body.map((award) => award.name)).toEqual(['thumbsup', 'thumbsdown'])
    const upId = up.body.id as number
    expect((await api(`${awards}/${upId}`, { token: reporter.token })).status).toBe(200)
    expect(
      (await api(`${awards}/${upId}`, { method: 'DELETE', token: reporter.token })).status,
    ).toBe(401)
    expect((await api(`${awards}/${upId}`, { method: 'DELETE', token: guest.token })).status).toBe(
      204,
    )
    const after = await api<IssueJson>(issuePath(project.id, target.iid), { token: guest.token })
    expect(after.body).toMatchObject({ upvotes: 0, downvotes: 1 })

    const secret = await createIssue(owner.token, project.id, {
      title: 'Hidden',
      confidential: true,
    })
    const secretAwards = `${issuePath(project.id, secret.iid)}/award_emoji`
    const hidden = await api(secretAwards, {
      method: 'POST',
      token: guest.token,
      body: { name: 'tada' },
    })
    expect(hidden.status).toBe(404)
    expect(hidden.body).toEqual(notFound('Award Emoji'))
    expect((await api(secretAwards, { token: reporter.token })).status).toBe(200)
  })

  it('serves @gitbeaker/rest IssueAwardEmojis', async () => {
    const gitlab = new Gitlab({ host: baseUrl(), token: guest.token })
    const target = await createIssue(owner.token, project.id, { title: 'Client votes' })
    const award = await gitlab.IssueAwardEmojis.award(project.id, target.iid, 'rocket')
    expect(award).toMatchObject({ name: 'rocket', awardable_type: 'Issue' })
    expect((await gitlab.IssueAwardEmojis.show(project.id, target.iid, award.id)).id).toBe(award.id)
    expect((await gitlab.IssueAwardEmojis.all(project.id, target.iid)).map((a) => a.name)).toEqual([
      'rocket',
    ])
    await gitlab.IssueAwardEmojis.remove(project.id, target.iid, award.id)
    expect(await gitlab.IssueAwardEmojis.all(project.id, target.iid)).toEqual([])
  })

  it('serves @gitbeaker/rest IssueNotes and IssueDiscussions', async () => {
    const gitlab = new Gitlab({ host: baseUrl(), token: reporter.token })
    const target = await createIssue(owner.token, project.id, { title: 'Via gitbeaker' })
    const note = await gitlab.IssueNotes.create(project.id, target.iid, 'From a client')
    expect(note).toMatchObject({ body: 'From a client', noteable_type: 'Issue' })
    const edited = await gitlab.IssueNotes.edit(project.id, target.iid, note.id, {
      body: 'Edited by a client',
    })
    expect(edited.body).toBe('Edited by a client')
    expect((await gitlab.IssueNotes.show(project.id, target.iid, note.id)).body).toBe(
      'Edited by a client',
    )
    const thread = await gitlab.IssueDiscussions.create(project.id, target.iid, 'Thread')
    const reply = await gitlab.IssueDiscussions.addNote(project.id, target.iid, thread.id, 'Re')
    expect(reply).toMatchObject({ body: 'Re', type: 'DiscussionNote' })
    const threads = await gitlab.IssueDiscussions.all(project.id, target.iid)
    expect(threads.map((d) => d.notes?.length)).toEqual([1, 2])
    await gitlab.IssueDiscussions.removeNote(project.id, target.iid, thread.id, reply.id)
    await gitlab.IssueNotes.remove(project.id, target.iid, note.id)
    const left = await gitlab.IssueNotes.all(project.id, target.iid)
    expect(left.map((n) => n.body)).toEqual(['Thread'])
  })
})
