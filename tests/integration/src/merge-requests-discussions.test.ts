import { api } from './support/api'
import { createUserWithToken, type UserWithToken } from './support/factories'
import {
  getMergeRequest,
  mrPath,
  openMergeRequest,
  projectWithMain,
  waitForDiff,
  waitForMergeStatus,
  type MergeRequestJson,
} from './support/merge-requests'
import { addProjectMember } from './support/projects'
import { DEVELOPER, REPORTER, type ProjectJson } from './support/types'

// Issue 16, point 2 (discussions): GET/POST .../merge_requests/:iid/discussions, replies,
// resolving, and diff-position notes validated against the request's diff versions, as
// lib/api/discussions.rb answers them.

jest.setTimeout(90_000)

interface NoteJson {
  id: number
  type: string | null
  body: string
  author: { id: number }
  resolvable: boolean
  resolved?: boolean
  resolved_by?: { id: number } | null
  position?: Record<string, unknown>
  [field: string]: unknown
}

interface DiscussionJson {
  id: string
  individual_note: boolean
  notes: NoteJson[]
}

const DISCUSSION_ID = /^[0-9a-f]{40}$/

describe('merge request discussions', () => {
  let owner: UserWithToken
  let developer: UserWithToken
  let reporter: UserWithToken
  let outsider: UserWithToken
  let project: ProjectJson
  let mr: MergeRequestJson
  let branch: string
  const discussions = () => `${mrPath(project.id, mr.iid)}/discussions`

  beforeAll(async () => {
    ;[owner, developer, reporter, outsider] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    ;({ project } = await projectWithMain(owner, { visibility: 'private' }))
    await addProjectMember(project.id, developer.user.id, DEVELOPER, owner.token)
    await addProjectMember(project.id, reporter.user.id, REPORTER, owner.token)
    let head: string
    ;({ mr, branch, head } = await openMergeRequest(owner.token, project.id))
    await waitForDiff(owner.token, project.id, mr.iid, head)
  })

  it('starts a resolvable discussion (201) that lists and reads back, and counts as a user note', async () => {
    const res = await api<DiscussionJson>(discussions(), {
      method: 'POST',
      token: developer.token,
      body: { body: 'Why this way?' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      id: expect.stringMatching(DISCUSSION_ID),
      individual_note: false,
      notes: [
        expect.objectContaining({
          type: 'DiscussionNote',
          body: 'Why this way?',
          author: expect.objectContaining({ id: developer.user.id }),
          resolvable: true,
          resolved: false,
          resolved_by: null,
        }),
      ],
    })
    const one = await api<DiscussionJson>(`${discussions()}/${res.body.id}`, { token: owner.token })
    expect([one.status, one.body.id, one.body.notes.length]).toEqual([200, res.body.id, 1])
    const list = await api<DiscussionJson[]>(discussions(), { token: owner.token })
    expect(list.status).toBe(200)
    expect(list.body.map((discussion) => discussion.id)).toContain(res.body.id)
    expect((await getMergeRequest(owner.token, project.id, mr.iid)).user_notes_count).toBe(1)
  })

  it('shows a plain note as its own individual discussion; a reply turns it into a thread', async () => {
    const note = await api<NoteJson>(`${mrPath(project.id, mr.iid)}/notes`, {
      method: 'POST',
      token: owner.token,
      body: { body: 'Plain note' },
    })
    expect(note.status).toBe(201)
    const list = await api<DiscussionJson[]>(discussions(), {
      token: owner.token,
      query: { per_page: 100 },
    })
    const own = list.body.find((discussion) => discussion.notes[0]?.id === note.body.id)
    expect(own).toEqual(
      expect.objectContaining({
        id: expect.stringMatching(DISCUSSION_ID),
        individual_note: true,
        notes: [expect.objectContaining({ type: null, resolvable: false })],
      }),
    )
    const reply = await api<NoteJson>(`${discussions()}/${own!.id}/notes`, {
      method: 'POST',
      token: developer.token,
      body: { body: 'A reply' },
    })
    expect(reply.status).toBe(201)
    expect(reply.body).toEqual(
      expect.objectContaining({ type: 'DiscussionNote', body: 'A reply', resolvable: true }),
    )
    const thread = await api<DiscussionJson>(`${discussions()}/${own!.id}`, { token: owner.token })
    expect(thread.body.individual_note).toBe(false)
    expect(thread.body.notes.map((n) => [n.body, n.type])).toEqual([
      ['Plain note', 'DiscussionNote'],
      ['A reply', 'DiscussionNote'],
    ])
  })

  it('paginates discussions in the order they were started', async () => {
    const page = await api<DiscussionJson[]>(discussions(), {
      token: owner.token,
      query: { per_page: 1, page: 2 },
    })
    expect(page.status).toBe(200)
    expect(page.body).toHaveLength(1)
    expect(page.body[0]!.notes[0]!.body).toBe('Plain note')
    expect(page.headers.get('x-total')).toBe('2')
  })

  it('resolves a discussion for a Developer, not for a Reporter; unresolves it again', async () => {
    const started = await api<DiscussionJson>(discussions(), {
      method: 'POST',
      token: reporter.token,
      body: { body: 'To resolve' },
    })
    expect(started.status).toBe(201)
    const path = `${discussions()}/${started.body.id}`
    expect(
      (await api(path, { method: 'PUT', token: reporter.token, body: { resolved: true } })).status,
    ).toBe(403)
    const resolved = await api<DiscussionJson>(path, {
      method: 'PUT',
      token: developer.token,
      body: { resolved: true },
    })
    expect(resolved.status).toBe(200)
    expect(resolved.body.notes[0]).toEqual(
      expect.objectContaining({
        resolved: true,
        resolved_by: expect.objectContaining({ id: developer.user.id }),
        resolved_at: expect.any(String),
      }),
    )
    const reopened = await api<DiscussionJson>(path, {
      method: 'PUT',
      token: owner.token,
      body: { resolved: 'false' },
    })
    expect(reopened.body.notes[0]).toEqual(
      expect.objectContaining({ resolved: false, resolved_by: null, resolved_at: null }),
    )
  })

  it('edits, resolves and deletes one note of a discussion', async () => {
    const started = await api<DiscussionJson>(discussions(), {
      method: 'POST',
      token: developer.token,
      body: { body: 'typo' },
    })
    const path = `${discussions()}/${started.body.id}/notes/${started.body.notes[0]!.id}`
    const edited = await api<NoteJson>(path, {
      method: 'PUT',
      token: developer.token,
      body: { body: 'fixed' },
    })
    expect([edited.status, edited.body.body]).toEqual([200, 'fixed'])
    const resolved = await api<NoteJson>(path, {
      method: 'PUT',
      token: developer.token,
      body: { resolved: true },
    })
    expect([resolved.status, resolved.body.resolved]).toEqual([200, true])
    const both = await api(path, {
      method: 'PUT',
      token: developer.token,
      body: { body: 'x', resolved: true },
    })
    expect([both.status, both.body]).toEqual([
      400,
      { error: 'body, resolved are mutually exclusive' },
    ])
    expect((await api(path, { method: 'DELETE', token: reporter.token })).status).toBe(403)
    expect((await api(path, { method: 'DELETE', token: developer.token })).status).toBe(204)
    const gone = await api(`${discussions()}/${started.body.id}`, { token: owner.token })
    expect([gone.status, gone.body]).toEqual([404, { message: '404 Discussion Not Found' }])
  })

  it('refuses to resolve a plain note (400) and a discussion without resolvable notes (403)', async () => {
    const note = await api<NoteJson>(`${mrPath(project.id, mr.iid)}/notes`, {
      method: 'POST',
      token: owner.token,
      body: { body: 'Not resolvable' },
    })
    const list = await api<DiscussionJson[]>(discussions(), {
      token: owner.token,
      query: { per_page: 100 },
    })
    const own = list.body.find((discussion) => discussion.notes[0]?.id === note.body.id)!
    const resolveNote = await api(`${discussions()}/${own.id}/notes/${note.body.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { resolved: true },
    })
    expect([resolveNote.status, resolveNote.body]).toEqual([
      400,
      { message: '400 Bad request - Note is not resolvable' },
    ])
    const resolveDiscussion = await api(`${discussions()}/${own.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { resolved: true },
    })
    expect(resolveDiscussion.status).toBe(403)
  })

  it('answers 401 anonymous, 404 to outsiders and for unknown discussions, 400 without body', async () => {
    expect((await api(discussions())).status).toBe(401)
    expect((await api(discussions(), { token: outsider.token })).status).toBe(404)
    const unknown = await api(`${discussions()}/${'0'.repeat(40)}`, { token: owner.token })
    expect([unknown.status, unknown.body]).toEqual([404, { message: '404 Discussion Not Found' }])
    const reply = await api(`${discussions()}/${'0'.repeat(40)}/notes`, {
      method: 'POST',
      token: owner.token,
      body: { body: 'hi' },
    })
    expect(reply.status).toBe(404)
    const missing = await api(discussions(), { method: 'POST', token: owner.token, body: {} })
    expect([missing.status, missing.body]).toEqual([400, { error: 'body is missing' }])
  })

  it('writes system notes for a title change, which count as no user note and take no reply', async () => {
    const before = await getMergeRequest(owner.token, project.id, mr.iid)
    const renamed = await api(mrPath(project.id, mr.iid), {
      method: 'PUT',
      token: owner.token,
      body: { title: `Draft: ${before.title} again` },
    })
    expect(renamed.status).toBe(200)
    const notes = await api<NoteJson[]>(`${mrPath(project.id, mr.iid)}/notes`, {
      token: owner.token,
      query: { per_page: 2 },
    })
    expect(notes.body.map((note) => [note.system, note.body])).toEqual([
      [true, `changed title from **${before.title}** to **{+Draft: +}${before.title}{+ again+}**`],
      [true, 'marked this merge request as **draft**'],
    ])
    const after = await getMergeRequest(owner.token, project.id, mr.iid)
    expect(after.user_notes_count).toBe(before.user_notes_count)
    const list = await api<DiscussionJson[]>(discussions(), {
      token: owner.token,
      query: { per_page: 100 },
    })
    const own = list.body.find((discussion) => discussion.notes[0]?.id === notes.body[0]!.id)!
    expect(own.individual_note).toBe(true)
    const reply = await api(`${discussions()}/${own.id}/notes`, {
      method: 'POST',
      token: owner.token,
      body: { body: 'On a system note' },
    })
    expect([reply.status, reply.body]).toEqual([
      400,
      { message: '400 Bad request - Discussion can not be replied to.' },
    ])
    await api(mrPath(project.id, mr.iid), {
      method: 'PUT',
      token: owner.token,
      body: { title: before.title },
    })
  })

  describe('diff-position notes', () => {
    let refs: { base_sha: string; start_sha: string; head_sha: string }
    const file = () => `${branch}.txt`

    beforeAll(async () => {
      const current = await getMergeRequest(owner.token, project.id, mr.iid)
      refs = current.diff_refs as typeof refs
    })

    it('creates a DiffNote on an added line of the current version, with its position', async () => {
      const position = {
        ...refs,
        position_type: 'text',
        new_path: file(),
        old_path: file(),
        new_line: 1,
      }
      const res = await api<DiscussionJson>(discussions(), {
        method: 'POST',
        token: developer.token,
        body: { body: 'On this line', position },
      })
      expect(res.status).toBe(201)
      expect(res.body.individual_note).toBe(false)
      expect(res.body.notes[0]).toEqual(
        expect.objectContaining({
          type: 'DiffNote',
          resolvable: true,
          resolved: false,
          position: {
            ...refs,
            position_type: 'text',
            new_path: file(),
            old_path: file(),
            new_line: 1,
            old_line: null,
            line_range: null,
            ignore_whitespace_change: false,
          },
        }),
      )
    })

    it('takes the position as form fields (position[new_line]=1)', async () => {
      const form = {
        body: 'Form note',
        'position[base_sha]': refs.base_sha,
        'position[start_sha]': refs.start_sha,
        'position[head_sha]': refs.head_sha,
        'position[position_type]': 'text',
        'position[new_path]': file(),
        'position[old_path]': file(),
        'position[new_line]': '1',
      }
      const res = await api<DiscussionJson>(discussions(), {
        method: 'POST',
        token: developer.token,
        form,
      })
      expect(res.status).toBe(201)
      expect(res.body.notes[0]!.position).toEqual(expect.objectContaining({ new_line: 1 }))
    })

    it('refuses a line outside the diff and shas of no version with GitLab’s 400', async () => {
      const lineCodeError = {
        message:
          '400 Bad request - Note {:line_code=>["can\'t be blank", "must be a valid line code"]}',
      }
      const base = { ...refs, position_type: 'text', new_path: file(), old_path: file() }
      for (const position of [
        { ...base, new_line: 2 },
        { ...base, new_line: 1, new_path: 'missing.txt', old_path: 'missing.txt' },
        { ...base, new_line: 1, head_sha: 'f'.repeat(40) },
      ]) {
        const res = await api(discussions(), {
          method: 'POST',
          token: developer.token,
          body: { body: 'Nowhere', position },
        })
        expect([res.status, res.body]).toEqual([400, lineCodeError])
      }
    })

    it('answers Grape’s 400 for a position without its shas or with an unknown type', async () => {
      const res = await api(discussions(), {
        method: 'POST',
        token: developer.token,
        body: { body: 'x', position: { position_type: 'video', new_line: 1 } },
      })
      expect([res.status, res.body]).toEqual([
        400,
        {
          error:
            'position[base_sha] is missing, position[start_sha] is missing, position[head_sha] is missing, position[position_type] does not have a valid value',
        },
      ])
    })
  })

  describe('only_allow_merge_if_all_discussions_are_resolved and discussion_locked', () => {
    let guarded: ProjectJson
    let request: MergeRequestJson
    let head: string
    const path = (tail = '') => mrPath(guarded.id, request.iid, tail)

    beforeAll(async () => {
      ;({ project: guarded } = await projectWithMain(owner, { visibility: 'public' }))
      await addProjectMember(guarded.id, developer.user.id, DEVELOPER, owner.token)
      const settings = await api(`/projects/${guarded.id}`, {
        method: 'PUT',
        token: owner.token,
        body: { only_allow_merge_if_all_discussions_are_resolved: true },
      })
      expect(settings.status).toBe(200)
      ;({ mr: request, head } = await openMergeRequest(owner.token, guarded.id))
      await waitForMergeStatus(owner.token, guarded.id, request.iid, head, 'can_be_merged')
    })

    it('holds the merge (405, discussions_not_resolved) until the discussion is resolved', async () => {
      const started = await api<DiscussionJson>(path('/discussions'), {
        method: 'POST',
        token: developer.token,
        body: { body: 'Blocking question' },
      })
      expect(started.status).toBe(201)
      const held = await getMergeRequest(owner.token, guarded.id, request.iid)
      expect([held.blocking_discussions_resolved, held.detailed_merge_status]).toEqual([
        false,
        'discussions_not_resolved',
      ])
      const refused = await api(path('/merge'), { method: 'PUT', token: owner.token })
      expect([refused.status, refused.body]).toEqual([405, { message: '405 Method Not Allowed' }])

      const resolved = await api(path(`/discussions/${started.body.id}`), {
        method: 'PUT',
        token: owner.token,
        body: { resolved: true },
      })
      expect(resolved.status).toBe(200)
      const free = await getMergeRequest(owner.token, guarded.id, request.iid)
      expect([free.blocking_discussions_resolved, free.detailed_merge_status]).toEqual([
        true,
        'mergeable',
      ])
      const merged = await api<MergeRequestJson>(path('/merge'), {
        method: 'PUT',
        token: owner.token,
      })
      expect([merged.status, merged.body.state]).toEqual([200, 'merged'])
    })

    it('keeps blocking_discussions_resolved true without the setting, whatever is unresolved', async () => {
      expect(
        (await getMergeRequest(owner.token, project.id, mr.iid)).blocking_discussions_resolved,
      ).toBe(true)
    })

    it('lets only members start or reply to discussions on a locked request', async () => {
      const { mr: locked } = await openMergeRequest(owner.token, guarded.id, {
        discussion_locked: true,
      })
      const lockedPath = mrPath(guarded.id, locked.iid, '/discussions')
      const byOutsider = await api(lockedPath, {
        method: 'POST',
        token: outsider.token,
        body: { body: 'Let me in' },
      })
      expect(byOutsider.status).toBe(403)
      const byMember = await api<DiscussionJson>(lockedPath, {
        method: 'POST',
        token: developer.token,
        body: { body: 'Members still talk' },
      })
      expect(byMember.status).toBe(201)
      const reply = await api(`${lockedPath}/${byMember.body.id}/notes`, {
        method: 'POST',
        token: outsider.token,
        body: { body: 'Me too' },
      })
      expect(reply.status).toBe(403)
    })
  })
})
