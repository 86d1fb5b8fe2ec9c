import { api, type ApiOptions } from './support/api'
import { createUserWithToken, type UserWithToken } from './support/factories'
import {
  mrPath,
  openMergeRequest,
  projectWithMain,
  type MergeRequestJson,
} from './support/merge-requests'
import type { ProjectJson } from './support/types'

// Issue 26, point 5: note bodies normalised as GitLab's Notes::CreateService and UpdateService
// leave them (the quick-actions extractor deletes every "\r" and strips the body's end), so a
// client that posts multipart/form-data with "\r\n" line ends, as Danger JS does, reads back
// what it would read from GitLab. The length limit applies to the body as posted.

jest.setTimeout(60_000)

interface NoteJson {
  id: number
  body: string
  updated_at: string
  [field: string]: unknown
}

interface DiscussionJson {
  id: string
  notes: NoteJson[]
}

/** Inner lines keep their trailing spaces (a Markdown hard break); the body's end does not. */
const POSTED = 'Danger: **1 warning**  \r\n\r\n- `package.json` changed\r\n\r\n  \t'
const STORED = 'Danger: **1 warning**  \n\n- `package.json` changed'

const BOUNDARY = '----suite-note-body-boundary'

/** A multipart/form-data body written out byte for byte, its values kept as given. */
function multipart(fields: Record<string, string>): Pick<ApiOptions, 'rawBody' | 'contentType'> {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
  return {
    rawBody: `${parts.join('')}--${BOUNDARY}--\r\n`,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  }
}

describe('note bodies as GitLab stores them', () => {
  let owner: UserWithToken
  let project: ProjectJson
  let mr: MergeRequestJson
  const notes = () => `${mrPath(project.id, mr.iid)}/notes`
  const discussions = () => `${mrPath(project.id, mr.iid)}/discussions`

  beforeAll(async () => {
    owner = await createUserWithToken()
    ;({ project } = await projectWithMain(owner, { visibility: 'private' }))
    ;({ mr } = await openMergeRequest(owner.token, project.id))
  })

  it.each([
    ['multipart/form-data', multipart({ body: POSTED })],
    ['JSON', { body: { body: POSTED } }],
  ])('POST .../notes as %s answers and reads back the normalised body', async (_, sent) => {
    const created = await api<NoteJson>(notes(), { method: 'POST', token: owner.token, ...sent })
    expect([created.status, created.body.body]).toEqual([201, STORED])
    const read = await api<NoteJson>(`${notes()}/${created.body.id}`, { token: owner.token })
    expect([read.status, read.body.body]).toEqual([200, STORED])
  })

  it('PUT .../notes/:note_id normalises; the same body again changes nothing', async () => {
    const created = await api<NoteJson>(notes(), {
      method: 'POST',
      token: owner.token,
      body: { body: 'first' },
    })
    const path = `${notes()}/${created.body.id}`
    const edited = await api<NoteJson>(path, {
      method: 'PUT',
      token: owner.token,
      ...multipart({ body: POSTED }),
    })
    expect([edited.status, edited.body.body]).toEqual([200, STORED])
    const again = await api<NoteJson>(path, {
      method: 'PUT',
      token: owner.token,
      body: { body: `${STORED}\r\n` },
    })
    expect([again.status, again.body.body]).toEqual([200, STORED])
    expect(again.body.updated_at).toBe(edited.body.updated_at)
    expect((await api<NoteJson>(path, { token: owner.token })).body.body).toBe(STORED)
  })

  it('discussions: start, reply and edit normalise the body, as multipart and as JSON', async () => {
    const started = await api<DiscussionJson>(discussions(), {
      method: 'POST',
      token: owner.token,
      ...multipart({ body: POSTED }),
    })
    expect([started.status, started.body.notes[0]?.body]).toEqual([201, STORED])
    const thread = `${discussions()}/${started.body.id}`
    const reply = await api<NoteJson>(`${thread}/notes`, {
      method: 'POST',
      token: owner.token,
      body: { body: 'reply  \r\n' },
    })
    expect([reply.status, reply.body.body]).toEqual([201, 'reply'])
    const edited = await api<NoteJson>(`${thread}/notes/${reply.body.id}`, {
      method: 'PUT',
      token: owner.token,
      ...multipart({ body: 'edited\r\nreply \r\n' }),
    })
    expect([edited.status, edited.body.body]).toEqual([200, 'edited\nreply'])
    const read = await api<DiscussionJson>(thread, { token: owner.token })
    expect(read.body.notes.map((note) => note.body)).toEqual([STORED, 'edited\nreply'])
  })

  it('refuses a body over the limit as posted, and one that is only whitespace', async () => {
    const tooLong = await api(notes(), {
      method: 'POST',
      token: owner.token,
      body: { body: `${'x'.repeat(999_999)}\r\n` },
    })
    expect([tooLong.status, tooLong.body]).toEqual([
      400,
      { message: { note: ['is too long (maximum is 1000000 characters)'] } },
    ])
    const blank = await api(notes(), {
      method: 'POST',
      token: owner.token,
      ...multipart({ body: ' \r\n\t' }),
    })
    expect([blank.status, blank.body]).toEqual([400, { message: { note: ["can't be blank"] } }])
  })
})
