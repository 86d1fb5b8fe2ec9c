import { api } from './support/api'
import { createUserWithToken, type UserWithToken } from './support/factories'
import {
  ISO_TIME,
  mrPath,
  openMergeRequest,
  projectWithMain,
  waitForMergeStatus,
  type MergeRequestJson,
} from './support/merge-requests'
import { addProjectMember } from './support/projects'
import { DEVELOPER, MAINTAINER, REPORTER, type ProjectJson } from './support/types'

// GET /projects/:id/merge_requests/:iid/resource_state_events(/:resource_event_id) as
// lib/api/resource_state_events.rb answers them: closes, reopens and merges are state events
// (not notes), each by its user, oldest first, for signed-in readers of the request.

jest.setTimeout(90_000)

interface StateEventJson {
  id: number
  user: { id: number; username: string } | null
  created_at: string
  resource_type: string
  resource_id: number
  source_commit: string | null
  source_merge_request_id: number | null
  state: string
}

describe('merge request resource state events', () => {
  let owner: UserWithToken
  let developer: UserWithToken
  let maintainer: UserWithToken
  let reporter: UserWithToken
  let outsider: UserWithToken
  let project: ProjectJson
  let mr: MergeRequestJson
  const events = () => `${mrPath(project.id, mr.iid)}/resource_state_events`

  const setState = async (token: string, stateEvent: string) => {
    const res = await api<MergeRequestJson>(mrPath(project.id, mr.iid), {
      method: 'PUT',
      token,
      body: { state_event: stateEvent },
    })
    expect(res.status).toBe(200)
  }

  beforeAll(async () => {
    ;[owner, developer, maintainer, reporter, outsider] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    ;({ project } = await projectWithMain(owner, { visibility: 'private' }))
    await Promise.all([
      addProjectMember(project.id, developer.user.id, DEVELOPER, owner.token),
      addProjectMember(project.id, maintainer.user.id, MAINTAINER, owner.token),
      addProjectMember(project.id, reporter.user.id, REPORTER, owner.token),
    ])
    let head: string
    ;({ mr, head } = await openMergeRequest(developer.token, project.id))
    await waitForMergeStatus(owner.token, project.id, mr.iid, head, 'can_be_merged')

    await setState(developer.token, 'close')
    await setState(owner.token, 'reopen')
    await waitForMergeStatus(owner.token, project.id, mr.iid, head, 'can_be_merged')
    const merged = await api<MergeRequestJson>(mrPath(project.id, mr.iid, '/merge'), {
      method: 'PUT',
      token: maintainer.token,
    })
    expect(merged.status).toBe(200)
    expect(merged.body.state).toBe('merged')
  })

  it('lists the close, reopen and merge, oldest first, each by its user', async () => {
    const res = await api<StateEventJson[]>(events(), { token: reporter.token })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-total')).toBe('3')
    expect(res.body.map((event) => [event.state, event.user?.id])).toEqual([
      ['closed', developer.user.id],
      ['reopened', owner.user.id],
      ['merged', maintainer.user.id],
    ])
    for (const event of res.body) {
      expect(event).toEqual({
        id: expect.any(Number),
        user: expect.objectContaining({ id: expect.any(Number), username: expect.any(String) }),
        created_at: expect.stringMatching(ISO_TIME),
        resource_type: 'MergeRequest',
        resource_id: mr.id,
        source_commit: null,
        source_merge_request_id: null,
        state: expect.any(String),
      })
    }
    // They are events, not notes.
    const notes = await api<{ body: string }[]>(`${mrPath(project.id, mr.iid)}/notes`, {
      token: owner.token,
    })
    expect(notes.status).toBe(200)
    expect(notes.body).toEqual([])
  })

  it('pages with per_page and page', async () => {
    const res = await api<StateEventJson[]>(events(), {
      token: owner.token,
      query: { per_page: 1, page: 2 },
    })
    expect(res.status).toBe(200)
    expect(res.body.map((event) => event.state)).toEqual(['reopened'])
    expect(res.headers.get('x-total')).toBe('3')
    expect(res.headers.get('x-total-pages')).toBe('3')
  })

  it('shows one event, and 404 for an unknown one', async () => {
    const list = await api<StateEventJson[]>(events(), { token: owner.token })
    const merged = list.body.find((event) => event.state === 'merged') as StateEventJson
    const one = await api<StateEventJson>(`${events()}/${merged.id}`, { token: developer.token })
    expect(one.status).toBe(200)
    expect(one.body).toEqual(merged)

    const unknown = await api<{ message: string }>(`${events()}/${merged.id + 100000}`, {
      token: owner.token,
    })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ message: '404 Not found' })
  })

  it('needs a signed-in reader: 401 anonymous, 404 for an outsider of a private project', async () => {
    expect((await api(events())).status).toBe(401)
    const outside = await api<{ message: string }>(events(), { token: outsider.token })
    expect(outside.status).toBe(404)
    const missing = await api<{ message: string }>(
      `${mrPath(project.id, 999999)}/resource_state_events`,
      { token: owner.token },
    )
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ message: '404 Merge Request Not Found' })
  })
})
