import { api } from './support/api'
import {
  createToken,
  createUser,
  createUserWithToken,
  type UserWithToken,
} from './support/factories'
import { addProjectMember, createProject, encodedPath } from './support/projects'
import { rootToken } from './support/suite-state'
import { REPORTER, type ProjectJson } from './support/types'

interface StarrerJson {
  starred_since: string
  user: { id: number; username: string; name: string }
}

// lib/api/projects.rb: POST :id/star and :id/unstar answer 201 with the
// project, or 304 with no body when nothing changes; GET :id/starrers lists
// UserStarsProject entities; starred=true lists the caller's starred projects.

const star = (token: string | undefined, id: number | string, action: 'star' | 'unstar') =>
  api<ProjectJson & { star_count: number }>(`/projects/${id}/${action}`, {
    method: 'POST',
    token,
  })

const starrers = (token: string | undefined, id: number, query: Record<string, string> = {}) =>
  api<StarrerJson[]>(`/projects/${id}/starrers`, { token, query })

const starCount = async (token: string, id: number) =>
  (await api<{ star_count: number }>(`/projects/${id}`, { token })).body.star_count

describe('project stars', () => {
  let owner: UserWithToken
  let alice: UserWithToken
  let bob: UserWithToken
  let project: ProjectJson

  beforeAll(async () => {
    ;[owner, alice, bob] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    project = await createProject(owner.token, { visibility: 'public' })
  })

  it('stars once (201 with the project and its count), then answers 304 with no body', async () => {
    expect(await starCount(alice.token, project.id)).toBe(0)
    const first = await star(alice.token, project.id, 'star')
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ id: project.id, star_count: 1 })
    // The cached project follows at once, for the starrer and for anyone else.
    expect(await starCount(alice.token, project.id)).toBe(1)
    expect(await starCount(owner.token, project.id)).toBe(1)
    const again = await star(alice.token, encodedPath(project), 'star')
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
    const second = await star(bob.token, project.id, 'star')
    expect(second.status).toBe(201)
    expect(second.body.star_count).toBe(2)
    expect(await starCount(owner.token, project.id)).toBe(2)
  })

  it('lists starrers as UserStarsProject, oldest first, searchable by user', async () => {
    const all = await starrers(undefined, project.id)
    expect(all.status).toBe(200)
    expect(all.headers.get('x-total')).toBe('2')
    expect(all.body.map((entry) => entry.user.id)).toEqual([alice.user.id, bob.user.id])
    expect(Object.keys(all.body[0]!).sort()).toEqual(['starred_since', 'user'])
    expect(new Date(all.body[0]!.starred_since).toISOString()).toBe(all.body[0]!.starred_since)
    expect(all.body[0]!.user).toMatchObject({ id: alice.user.id, username: alice.user.username })
    const searched = await starrers(owner.token, project.id, { search: bob.user.username })
    expect(searched.body.map((entry) => entry.user.id)).toEqual([bob.user.id])
    const none = await starrers(owner.token, project.id, { search: 'no-such-starrer' })
    expect(none.body).toEqual([])
  })

  it('starred=true lists the caller’s starred projects', async () => {
    const mine = await api<ProjectJson[]>('/projects', {
      token: alice.token,
      query: { starred: 'true' },
    })
    expect(mine.status).toBe(200)
    expect(mine.body.map((p) => p.id)).toEqual([project.id])
    const owners = await api<ProjectJson[]>('/projects', {
      token: owner.token,
      query: { starred: 'true' },
    })
    expect(owners.body).toEqual([])
    // GET /users/:user_id/starred_projects: the user's stars, as anyone may see them.
    const hers = await api<ProjectJson[]>(`/users/${alice.user.id}/starred_projects`, {
      token: owner.token,
    })
    expect(hers.status).toBe(200)
    expect(hers.body.map((p) => p.id)).toEqual([project.id])
    const byName = await api<ProjectJson[]>(`/users/${alice.user.username}/starred_projects`)
    expect(byName.body.map((p) => p.id)).toEqual([project.id])
    expect((await api('/users/999999999/starred_projects')).status).toBe(404)
  })

  it('unstars (201 with the new count), then answers 304', async () => {
    const removed = await star(alice.token, project.id, 'unstar')
    expect(removed.status).toBe(201)
    expect(removed.body).toMatchObject({ id: project.id, star_count: 1 })
    expect(await starCount(owner.token, project.id)).toBe(1)
    const again = await star(alice.token, project.id, 'unstar')
    expect(again.status).toBe(304)
    const mine = await api<ProjectJson[]>('/projects', {
      token: alice.token,
      query: { starred: 'true' },
    })
    expect(mine.body).toEqual([])
    const left = await starrers(owner.token, project.id)
    expect(left.body.map((entry) => entry.user.id)).toEqual([bob.user.id])
  })

  it('anonymous callers get 401; a private project is 404 to a non-member, starrable by a member', async () => {
    expect((await star(undefined, project.id, 'star')).status).toBe(401)
    const hidden = await createProject(owner.token, { visibility: 'private' })
    expect((await star(alice.token, hidden.id, 'star')).status).toBe(404)
    expect((await star(alice.token, hidden.id, 'unstar')).status).toBe(404)
    expect((await starrers(alice.token, hidden.id)).status).toBe(404)
    await addProjectMember(hidden.id, bob.user.id, REPORTER, owner.token)
    const starred = await star(bob.token, hidden.id, 'star')
    expect(starred.status).toBe(201)
    expect(starred.body.star_count).toBe(1)
    expect((await star(owner.token, 999_999_999, 'star')).status).toBe(404)
  })

  it('leaves out starrers whose profile is private, except to themselves and admins', async () => {
    const shy = await createUser({ private_profile: true })
    const { token } = await createToken(shy.id, ['api'])
    expect((await star(token, project.id, 'star')).status).toBe(201)
    const ids = async (who: string) =>
      (await starrers(who, project.id)).body.map((entry) => entry.user.id)
    expect(await ids(owner.token)).not.toContain(shy.id)
    expect(await ids(token)).toContain(shy.id)
    expect(await ids(rootToken())).toContain(shy.id)
    // StarredProjectsFinder: a private profile's starred projects show to no one else.
    const theirs = (who: string) =>
      api<ProjectJson[]>(`/users/${shy.id}/starred_projects`, { token: who })
    expect((await theirs(owner.token)).body).toEqual([])
    expect((await theirs(token)).body.map((p) => p.id)).toEqual([project.id])
  })
})
