import { api } from './support/api'
import { createUserWithToken, type UserWithToken } from './support/factories'
import {
  getMergeRequest,
  ISO_TIME,
  mrPath,
  openMergeRequest,
  projectWithMain,
  type MergeRequestJson,
} from './support/merge-requests'
import { addProjectMember } from './support/projects'
import { DEVELOPER, MAINTAINER, type ProjectJson } from './support/types'

// Issue 16, point 2 (plain notes): GET/POST/PUT/DELETE
// /projects/:id/merge_requests/:iid/notes as lib/api/notes.rb answers them, and the request's
// user_notes_count following them.

jest.setTimeout(60_000)

interface NoteJson {
  id: number
  type: string | null
  body: string
  author: { id: number; username: string }
  created_at: string
  updated_at: string
  system: boolean
  noteable_id: number
  noteable_type: string
  noteable_iid: number
  project_id: number
  resolvable: boolean
  internal: boolean
  confidential: boolean
  [field: string]: unknown
}

describe('merge request notes', () => {
  let owner: UserWithToken
  let developer: UserWithToken
  let maintainer: UserWithToken
  let outsider: UserWithToken
  let project: ProjectJson
  let mr: MergeRequestJson
  const notes = () => `${mrPath(project.id, mr.iid)}/notes`

  beforeAll(async () => {
    ;[owner, developer, maintainer, outsider] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    ;({ project } = await projectWithMain(owner, { visibility: 'private' }))
    await addProjectMember(project.id, developer.user.id, DEVELOPER, owner.token)
    await addProjectMember(project.id, maintainer.user.id, MAINTAINER, owner.token)
    ;({ mr } = await openMergeRequest(owner.token, project.id))
  })

  it('creates a note (201) with GitLab fields, and the request counts it', async () => {
    const res = await api<NoteJson>(notes(), {
      method: 'POST',
      token: developer.token,
      body: { body: 'Looks good to me' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        type: null,
        body: 'Looks good to me',
        author: expect.objectContaining({ id: developer.user.id }),
        created_at: expect.stringMatching(ISO_TIME),
        system: false,
        noteable_id: mr.id,
        noteable_type: 'MergeRequest',
        noteable_iid: mr.iid,
        project_id: project.id,
        resolvable: false,
        internal: false,
        confidential: false,
      }),
    )
    expect((await getMergeRequest(owner.token, project.id, mr.iid)).user_notes_count).toBe(1)
  })

  it('lists newest first by default, oldest first with sort=asc, paginated', async () => {
    await api(notes(), { method: 'POST', token: owner.token, body: { body: 'Second' } })
    const desc = await api<NoteJson[]>(notes(), { token: owner.token })
    expect(desc.status).toBe(200)
    expect(desc.body.map((note) => note.body)).toEqual(['Second', 'Looks good to me'])
    expect(desc.headers.get('x-total')).toBe('2')
    const asc = await api<NoteJson[]>(notes(), { token: owner.token, query: { sort: 'asc' } })
    expect(asc.body.map((note) => note.body)).toEqual(['Looks good to me', 'Second'])
  })

  it('lets the author edit; a Developer who is not the author gets 403; a Maintainer may delete', async () => {
    const created = await api<NoteJson>(notes(), {
      method: 'POST',
      token: maintainer.token,
      body: { body: 'typo' },
    })
    const path = `${notes()}/${created.body.id}`
    const edited = await api<NoteJson>(path, {
      method: 'PUT',
      token: maintainer.token,
      body: { body: 'fixed' },
    })
    expect([edited.status, edited.body.body]).toEqual([200, 'fixed'])
    const byOther = await api(path, { method: 'PUT', token: developer.token, body: { body: 'x' } })
    expect(byOther.status).toBe(403)
    expect((await api(path, { method: 'DELETE', token: developer.token })).status).toBe(403)
    expect((await api(path, { method: 'DELETE', token: owner.token })).status).toBe(204)
    expect((await api(path, { token: owner.token })).status).toBe(404)
    expect((await getMergeRequest(owner.token, project.id, mr.iid)).user_notes_count).toBe(2)
  })

  it('answers GitLab errors: 400 without body, 404 for outsiders and unknown notes, 401 anonymous', async () => {
    const missing = await api(notes(), { method: 'POST', token: owner.token, body: {} })
    expect([missing.status, missing.body]).toEqual([400, { error: 'body is missing' }])
    expect((await api(notes(), { token: outsider.token })).status).toBe(404)
    expect(
      (await api(notes(), { method: 'POST', token: outsider.token, body: { body: 'hi' } })).status,
    ).toBe(404)
    expect((await api(`${notes()}/999999999`, { token: owner.token })).body).toEqual({
      message: '404 Note Not Found',
    })
    expect((await api(notes(), { method: 'POST', body: { body: 'hi' } })).status).toBe(401)
  })
})
