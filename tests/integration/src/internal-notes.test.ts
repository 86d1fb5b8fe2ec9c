import { api } from './support/api'
import { createUserWithToken, type UserWithToken } from './support/factories'
import { HookReceiver, type ReceivedHook } from './support/hook-receiver'
import {
  mrPath,
  openMergeRequest,
  projectWithMain,
  type MergeRequestJson,
} from './support/merge-requests'
import { addProjectMember } from './support/projects'
import { rootToken } from './support/suite-state'
import { GUEST, REPORTER, type ProjectJson } from './support/types'

// Issue 24: what GitLab answers about internal notes besides reading them: changing one
// without read_internal_note (NotePolicy prevents admin_note and resolve_note: 403), and
// webhooks (Notes::PostProcessService sends them to confidential note hooks only).

// The hook worker and three outboxes on two shared cores.
jest.setTimeout(120_000)

interface NoteJson {
  id: number
  internal: boolean
}

interface HookJson {
  id: number
  note_events: boolean
  confidential_note_events: boolean
}

const noteIdOf = (hook: ReceivedHook): unknown =>
  (hook.body['object_attributes'] as Record<string, unknown> | undefined)?.['id']

describe('internal notes on a public project', () => {
  const receiver = new HookReceiver()
  let owner: UserWithToken
  let guest: UserWithToken
  let reporter: UserWithToken
  let outsider: UserWithToken
  let project: ProjectJson
  let mr: MergeRequestJson
  const notes = (suffix = '') => mrPath(project.id, mr.iid, `/notes${suffix}`)
  const hooks = (suffix = '') => `/projects/${project.id}/hooks${suffix}`

  beforeAll(async () => {
    await receiver.start()
    ;[owner, guest, reporter, outsider] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    ;({ project } = await projectWithMain(owner, { visibility: 'public' }))
    await addProjectMember(project.id, guest.user.id, GUEST, owner.token)
    await addProjectMember(project.id, reporter.user.id, REPORTER, owner.token)
    ;({ mr } = await openMergeRequest(owner.token, project.id))
    const setting = await api('/application/settings', {
      method: 'PUT',
      token: rootToken(),
      body: { allow_local_requests_from_web_hooks_and_services: true },
    })
    expect(setting.status).toBe(200)
  }, 60_000)

  afterAll(() => receiver.stop())

  async function writeNote(body: string, internal: boolean, token = owner.token): Promise<number> {
    const res = await api<NoteJson>(notes(), { method: 'POST', token, body: { body, internal } })
    expect(res.status).toBe(201)
    expect(res.body.internal).toBe(internal)
    return res.body.id
  }

  it('answers 403 to changing an internal note without read_internal_note (404 to reading it)', async () => {
    const internalId = await writeNote('Between the reporters', true)
    const plainId = await writeNote('For everyone', false)
    const discussionNote = (id: number) =>
      api<{ id: string; notes: { id: number }[] }[]>(mrPath(project.id, mr.iid, '/discussions'), {
        token: owner.token,
      }).then((res) => res.body.find((d) => d.notes.some((note) => note.id === id))?.id)
    const discussionId = await discussionNote(internalId)
    expect(discussionId).toEqual(expect.any(String))

    for (const caller of [guest, outsider]) {
      const read = await api(notes(`/${internalId}`), { token: caller.token })
      expect(read.status).toBe(404)
      const edit = await api(notes(`/${internalId}`), {
        method: 'PUT',
        token: caller.token,
        body: { body: 'Overwritten' },
      })
      expect(edit.status).toBe(403)
      const removal = await api(notes(`/${internalId}`), { method: 'DELETE', token: caller.token })
      expect(removal.status).toBe(403)
      const inThread = mrPath(
        project.id,
        mr.iid,
        `/discussions/${discussionId}/notes/${internalId}`,
      )
      const threadEdit = await api(inThread, {
        method: 'PUT',
        token: caller.token,
        body: { body: 'Overwritten' },
      })
      expect(threadEdit.status).toBe(403)
      const threadRemoval = await api(inThread, { method: 'DELETE', token: caller.token })
      expect(threadRemoval.status).toBe(403)
      // A plain note of someone else is 403 too, and an unknown one stays 404.
      const plainEdit = await api(notes(`/${plainId}`), {
        method: 'PUT',
        token: caller.token,
        body: { body: 'Overwritten' },
      })
      expect(plainEdit.status).toBe(403)
      const unknown = await api(notes(`/${internalId + 1_000_000}`), {
        method: 'DELETE',
        token: caller.token,
      })
      expect(unknown.status).toBe(404)
    }

    // Nothing was changed, and a reader with the ability still reads the note as written.
    const kept = await api<{ body: string }>(notes(`/${internalId}`), { token: reporter.token })
    expect(kept.status).toBe(200)
    expect(kept.body.body).toBe('Between the reporters')
    // The author (a Maintainer's admin_note) still changes it.
    const edited = await api<{ body: string }>(notes(`/${internalId}`), {
      method: 'PUT',
      token: owner.token,
      body: { body: 'Between the reporters, edited' },
    })
    expect(edited.status).toBe(200)
  })

  it('delivers internal notes to confidential note hooks only, as confidential_note events', async () => {
    const create = async (path: string, flags: Record<string, boolean>) => {
      const res = await api<HookJson>(hooks(), {
        method: 'POST',
        token: owner.token,
        body: { url: receiver.url(path), push_events: false, ...flags },
      })
      expect(res.status).toBe(201)
      return res.body
    }
    const plain = await create('/plain', { note_events: true })
    expect(plain).toMatchObject({ note_events: true, confidential_note_events: false })
    const confidential = await create('/confidential', { confidential_note_events: true })
    expect(confidential).toMatchObject({ note_events: false, confidential_note_events: true })
    // PUT takes the flag and the entity shows it.
    const both = await create('/both', { note_events: true })
    const updated = await api<HookJson>(hooks(`/${both.id}`), {
      method: 'PUT',
      token: owner.token,
      body: { confidential_note_events: true },
    })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ note_events: true, confidential_note_events: true })
    const shown = await api<HookJson>(hooks(`/${both.id}`), { token: owner.token })
    expect(shown.body).toMatchObject({ confidential_note_events: true })

    const internalId = await writeNote('Only for the team', true)
    const plainId = await writeNote('For the world', false)

    const isEvent = (name: string, id: number) => (hook: ReceivedHook) =>
      hook.headers['x-gitlab-event'] === name && noteIdOf(hook) === id
    const [secret] = await receiver.waitFor(
      '/confidential',
      isEvent('Confidential Note Hook', internalId),
    )
    expect(secret!.body).toMatchObject({
      object_kind: 'note',
      event_type: 'confidential_note',
      project: { id: project.id },
      object_attributes: {
        id: internalId,
        note: 'Only for the team',
        noteable_type: 'MergeRequest',
      },
      merge_request: { iid: mr.iid },
    })
    const [open] = await receiver.waitFor('/plain', isEvent('Note Hook', plainId))
    expect(open!.body).toMatchObject({ object_kind: 'note', event_type: 'note' })
    await receiver.waitFor('/both', isEvent('Confidential Note Hook', internalId))
    await receiver.waitFor('/both', isEvent('Note Hook', plainId))

    // An edit of the internal note is a confidential event too.
    const edit = await api(notes(`/${internalId}`), {
      method: 'PUT',
      token: owner.token,
      body: { body: 'Only for the team, edited' },
    })
    expect(edit.status).toBe(200)
    await receiver.waitFor(
      '/confidential',
      (hook) =>
        isEvent('Confidential Note Hook', internalId)(hook) &&
        hook.body['event_type'] === 'confidential_note',
      2,
    )
    // The last deliveries above came after the internal note's: a plain note hook that were
    // sent it would have received it by now.
    await receiver.waitFor('/plain', isEvent('Note Hook', plainId))
    expect(receiver.at('/plain').filter((hook) => noteIdOf(hook) === internalId)).toEqual([])
    expect(receiver.at('/confidential').filter((hook) => noteIdOf(hook) === plainId)).toEqual([])
  })

  // GitLab's user_notes_count is Note.count_for_collection (the `user` scope, internal notes
  // included) for every reader: it does not hide them, so neither does this suite.
  it('counts internal notes in user_notes_count for readers without read_internal_note too', async () => {
    const count = async (token: string) => {
      const res = await api<MergeRequestJson>(mrPath(project.id, mr.iid), { token })
      expect(res.status).toBe(200)
      return res.body['user_notes_count']
    }
    const visible = await api(notes(), { token: outsider.token })
    expect(visible.status).toBe(200)
    const ownerCount = await count(owner.token)
    expect(await count(outsider.token)).toBe(ownerCount)
    expect(ownerCount).toBeGreaterThan(Number(visible.headers.get('x-total')))
  })
})
