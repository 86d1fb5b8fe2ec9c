import { api } from './support/api'
import { createToken, createUser, createUserWithToken } from './support/factories'
import { createProject, waitForEvent } from './support/projects'
import { rootToken } from './support/suite-state'
import type { EventJson, ProjectJson, UserJson } from './support/types'

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

// GitLab's UserPolicy :read_user_profile: a private profile is readable only by
// the user themselves and by admins. Without it, the User entity's created_at
// is null and the user's events and projects lists are empty.
describe('private profiles (read_user_profile)', () => {
  let hidden: { id: number; username: string; token: string }
  let stranger: string
  let project: ProjectJson

  beforeAll(async () => {
    const user = await createUser({ private_profile: true })
    const { token } = await createToken(user.id, ['api'])
    hidden = { id: user.id, username: user.username, token }
    stranger = (await createUserWithToken()).token
    project = await createProject(token, { visibility: 'public' })
    const created = await waitForEvent(
      `/users/${user.id}/events`,
      token,
      (event) => event.project_id === project.id,
    )
    expect(created).toBeDefined()
  })

  it('GET /users/:id shows created_at to the user and to admins, null to others', async () => {
    for (const token of [hidden.token, rootToken()]) {
      const res = await api<UserJson>(`/users/${hidden.id}`, { token })
      expect(res.status).toBe(200)
      expect(res.body.created_at).toMatch(ISO_TIME)
    }
    const res = await api<UserJson>(`/users/${hidden.id}`, { token: stranger })
    expect(res.status).toBe(200)
    expect(res.body.created_at).toBeNull()
  })

  it('GET /users/:id/events lists the events to the user and to admins, none to others', async () => {
    for (const key of [hidden.id, hidden.username]) {
      for (const token of [hidden.token, rootToken()]) {
        const res = await api<EventJson[]>(`/users/${key}/events`, { token })
        expect(res.status).toBe(200)
        expect(res.body.some((event) => event.project_id === project.id)).toBe(true)
      }
      const res = await api<EventJson[]>(`/users/${key}/events`, { token: stranger })
      expect(res.status).toBe(200)
      expect(res.body).toEqual([])
    }
  })

  it('GET /users/:user_id/projects lists the projects to the user and to admins, none to others', async () => {
    for (const key of [hidden.id, hidden.username]) {
      for (const token of [hidden.token, rootToken()]) {
        const res = await api<ProjectJson[]>(`/users/${key}/projects`, { token })
        expect(res.status).toBe(200)
        expect(res.body.map((listed) => listed.id)).toContain(project.id)
      }
      const res = await api<ProjectJson[]>(`/users/${key}/projects`, { token: stranger })
      expect(res.status).toBe(200)
      expect(res.body).toEqual([])
    }
  })
})
