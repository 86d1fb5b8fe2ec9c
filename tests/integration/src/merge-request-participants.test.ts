import { api } from './support/api'
import { createUserWithToken, type UserWithToken } from './support/factories'
import { FORBIDDEN } from './support/gitlab-errors'
import { mrPath, openMergeRequest, projectWithMain } from './support/merge-requests'
import { addProjectMember } from './support/projects'
import { DEVELOPER, GUEST, REPORTER, type ProjectJson } from './support/types'

jest.setTimeout(120_000)

interface UserBasicJson {
  id: number
  username: string
  name: string
  state: string
  locked: boolean
  avatar_url: string | null
  web_url: string
}

/**
 * GET /projects/:id/merge_requests/:merge_request_iid/participants
 * (lib/api/merge_requests.rb): merge_request.participants, paginated, as
 * Entities::UserBasic, found with find_merge_request_with_access.
 */
describe('merge request participants', () => {
  let alice: UserWithToken
  let bob: UserWithToken
  let carol: UserWithToken
  let dave: UserWithToken
  let gus: UserWithToken
  let project: ProjectJson
  let hidden: ProjectJson
  let iid: number
  let secretIid: number

  beforeAll(async () => {
    ;[alice, bob, carol, dave, gus] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    ;({ project } = await projectWithMain(alice, { visibility: 'public' }))
    ;({ project: hidden } = await projectWithMain(alice, { visibility: 'private' }))
    await addProjectMember(project.id, bob.user.id, DEVELOPER, alice.token)
    await addProjectMember(project.id, carol.user.id, REPORTER, alice.token)
    await addProjectMember(project.id, dave.user.id, DEVELOPER, alice.token)
    await addProjectMember(project.id, gus.user.id, GUEST, alice.token)
    const { mr } = await openMergeRequest(alice.token, project.id, {
      assignee_ids: [bob.user.id],
      reviewer_ids: [carol.user.id],
    })
    iid = mr.iid
    const note = await api(mrPath(project.id, iid, '/notes'), {
      method: 'POST',
      token: dave.token,
      body: { body: 'Looks fine to me' },
    })
    expect(note.status).toBe(201)
    secretIid = (await openMergeRequest(alice.token, hidden.id)).mr.iid
  }, 120_000)

  const participants = (projectId: number, mrIid: number) =>
    mrPath(projectId, mrIid, '/participants')

  it("lists reviewers, assignees, note authors and the author, each once, as GitLab's UserBasic", async () => {
    const res = await api<UserBasicJson[]>(participants(project.id, iid), { token: bob.token })
    expect(res.status).toBe(200)
    expect(res.body.map((user) => user.id)).toEqual([
      carol.user.id,
      bob.user.id,
      dave.user.id,
      alice.user.id,
    ])
    expect(res.body[3]).toEqual({
      id: alice.user.id,
      username: alice.user.username,
      name: alice.user.name,
      state: 'active',
      locked: false,
      avatar_url: null,
      web_url: expect.stringMatching(new RegExp(`/${alice.user.username}$`)),
    })
    expect(res.headers.get('x-total')).toBe('4')
  })

  it('paginates with page and per_page', async () => {
    const res = await api<UserBasicJson[]>(participants(project.id, iid), {
      token: bob.token,
      query: { page: 2, per_page: 3 },
    })
    expect(res.status).toBe(200)
    expect(res.body.map((user) => user.id)).toEqual([alice.user.id])
    expect(res.headers.get('x-total-pages')).toBe('2')
    expect(res.headers.get('x-page')).toBe('2')
  })

  it('answers anonymous callers of a public project', async () => {
    const res = await api<UserBasicJson[]>(participants(project.id, iid))
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(4)
  })

  it('is 404 Merge Request Not Found for an unknown iid', async () => {
    const res = await api(participants(project.id, 999_999), { token: bob.token })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: '404 Merge Request Not Found' })
  })

  it("is 404 Project Not Found for a private project's stranger", async () => {
    const res = await api(participants(hidden.id, secretIid), { token: bob.token })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: '404 Project Not Found' })
  })

  it('is 403 for a guest of a private project (read_merge_request)', async () => {
    await addProjectMember(hidden.id, gus.user.id, GUEST, alice.token)
    const res = await api(participants(hidden.id, secretIid), { token: gus.token })
    expect(res.status).toBe(403)
    expect(res.body).toEqual(FORBIDDEN)
  })
})
