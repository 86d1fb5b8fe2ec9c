import { join } from 'node:path'
import { api, eventually } from './support/api'
import {
  createToken,
  createUserWithToken,
  uniqueName,
  type UserWithToken,
} from './support/factories'
import { cloneUrl, commitFile, gitOk, withTempDir } from './support/git'
import { INSUFFICIENT_SCOPE, notFound, UNAUTHORIZED } from './support/gitlab-errors'
import { addProjectMember, createProject, waitForEvent } from './support/projects'
import { baseUrl } from './support/suite-state'
import { DEVELOPER, type EventJson, type ProjectJson } from './support/types'

// The real git client and the event worker need more than jest's default 5 s.

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

/** YYYY-MM-DD (UTC) `days` from today. */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

describe('activity events', () => {
  // One project, owned by `owner`, that receives every recorded action in order: created,
  // joined (member), pushed new (main), pushed new (branch), pushed to, pushed new (tag),
  // deleted, left.
  let owner: UserWithToken
  let member: UserWithToken
  let stranger: UserWithToken
  let project: ProjectJson
  const shas: Record<string, string> = {}
  let branch: string
  let tag: string
  let pushed: Promise<void>

  beforeAll(async () => {
    ;[owner, member, stranger] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    project = await createProject(owner.token)
    await addProjectMember(project.id, member.user.id, DEVELOPER, owner.token)
    branch = uniqueName('evt')
    tag = uniqueName('vevt')
    // A failing git push fails the push tests only, not the other events.
    pushed = withTempDir(async (dir) => {
      await gitOk(['init', '-q', 'wt'], dir)
      const wt = join(dir, 'wt')
      const url = cloneUrl(project.path_with_namespace, {
        username: owner.user.username,
        token: owner.token,
      })
      // main first: it becomes the default branch, which may not be deleted
      shas.base = await commitFile(wt, 'base.txt', 'base\n', 'Base commit')
      await gitOk(['push', '-q', url, 'main'], wt)
      await gitOk(['checkout', '-q', '-b', branch], wt)
      shas.first = await commitFile(wt, 'a.txt', 'a\n', 'First event commit')
      await gitOk(['push', '-q', url, branch], wt)
      await commitFile(wt, 'b.txt', 'b\n', 'Second event commit')
      shas.third = await commitFile(wt, 'c.txt', 'c\n', 'Third event commit')
      await gitOk(['push', '-q', url, branch], wt)
      await gitOk(['tag', tag], wt)
      await gitOk(['push', '-q', url, `refs/tags/${tag}`], wt)
      await gitOk(['push', '-q', url, `:refs/heads/${branch}`], wt)
    })
    await pushed.catch(() => undefined)
    await api(`/projects/${project.id}/members/${member.user.id}`, {
      method: 'DELETE',
      token: owner.token,
    })
  })

  const projectEvents = () => `/projects/${project.id}/events`

  async function all(path: string, token?: string, query = {}): Promise<EventJson[]> {
    const res = await api<EventJson[]>(path, { token, query: { per_page: 100, ...query } })
    expect([path, res.status]).toEqual([path, 200])
    return res.body
  }

  describe('recorded actions', () => {
    it('project created: action_name "created", no target, the full event shape', async () => {
      const event = await waitForEvent(
        projectEvents(),
        owner.token,
        (e) => e.action_name === 'created',
      )
      expect(event).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          project_id: project.id,
          action_name: 'created',
          target_id: null,
          target_iid: null,
          target_type: null,
          target_title: null,
          author_id: owner.user.id,
          author_username: owner.user.username,
          imported: false,
          imported_from: 'none',
          author: expect.objectContaining({
            id: owner.user.id,
            username: owner.user.username,
            name: owner.user.name,
            state: 'active',
            web_url: `${baseUrl()}/${owner.user.username}`,
          }),
        }),
      )
      expect(event?.created_at).toMatch(ISO_TIME)
      expect(event).not.toHaveProperty('push_data')
    })

    it('member joined and left: authored by the member', async () => {
      const joined = await waitForEvent(
        projectEvents(),
        owner.token,
        (e) => e.action_name === 'joined',
      )
      expect(joined).toMatchObject({
        author_id: member.user.id,
        project_id: project.id,
        target_type: null,
      })
      const left = await waitForEvent(projectEvents(), owner.token, (e) => e.action_name === 'left')
      expect(left).toMatchObject({
        author_id: member.user.id,
        project_id: project.id,
        target_type: null,
      })
    })

    it('push of a new branch: "pushed new" with push_data action created', async () => {
      await pushed
      const event = await waitForEvent(
        projectEvents(),
        owner.token,
        (e) => e.action_name === 'pushed new' && e.push_data?.ref === branch,
      )
      expect(event).toMatchObject({ author_id: owner.user.id, target_type: null })
      expect(event?.push_data).toEqual({
        commit_count: 1,
        action: 'created',
        ref_type: 'branch',
        commit_from: null,
        commit_to: shas.first,
        ref: branch,
        commit_title: 'First event commit',
        ref_count: null,
      })
    })

    it('push to an existing branch: "pushed to" with commit_from, commit_to and the count', async () => {
      await pushed
      const event = await waitForEvent(
        projectEvents(),
        owner.token,
        (e) => e.action_name === 'pushed to' && e.push_data?.ref === branch,
      )
      expect(event?.push_data).toEqual({
        commit_count: 2,
        action: 'pushed',
        ref_type: 'branch',
        commit_from: shas.first,
        commit_to: shas.third,
        ref: branch,
        commit_title: 'Third event commit',
        ref_count: null,
      })
    })

    it('push of a tag: "pushed new" with ref_type tag', async () => {
      await pushed
      const event = await waitForEvent(
        projectEvents(),
        owner.token,
        (e) => e.push_data?.ref_type === 'tag' && e.push_data.ref === tag,
      )
      expect(event?.action_name).toBe('pushed new')
      expect(event?.push_data).toMatchObject({
        action: 'created',
        ref_type: 'tag',
        commit_from: null,
        commit_to: shas.third,
        ref: tag,
      })
    })

    it('branch deleted by push: "deleted" with push_data action removed', async () => {
      await pushed
      const event = await waitForEvent(
        projectEvents(),
        owner.token,
        (e) => e.action_name === 'deleted' && e.push_data?.ref === branch,
      )
      expect(event?.push_data).toMatchObject({
        commit_count: 0,
        action: 'removed',
        ref_type: 'branch',
        commit_from: shas.third,
        commit_to: null,
        ref: branch,
      })
    })

    it('tag created and branch created through the API are push events too', async () => {
      const api1 = await createProject(owner.token, { initialize_with_readme: true })
      const name = uniqueName('apitag')
      const res = await api(`/projects/${api1.id}/repository/tags`, {
        method: 'POST',
        token: owner.token,
        body: { tag_name: name, ref: 'main' },
      })
      expect(res.status).toBe(201)
      const event = await waitForEvent(
        `/projects/${api1.id}/events`,
        owner.token,
        (e) => e.push_data?.ref === name,
      )
      expect(event).toMatchObject({
        action_name: 'pushed new',
        push_data: { ref_type: 'tag', action: 'created' },
      })
    })
  })

  describe('filters', () => {
    beforeAll(async () => {
      // every action of the scenario is recorded before the filters are checked
      await eventually(async () => {
        const events = await api<EventJson[]>(projectEvents(), {
          token: owner.token,
          query: { per_page: 100 },
        })
        return Array.isArray(events.body) && events.body.length >= 8
      }, 20_000)
    })

    it('action=pushed returns the pushes, with every push action_name', async () => {
      const events = await all(projectEvents(), owner.token, { action: 'pushed' })
      expect(events.map((e) => e.action_name).sort()).toEqual(
        ['deleted', 'pushed new', 'pushed new', 'pushed new', 'pushed to'].sort(),
      )
    })

    // app/models/members/project_member.rb#post_create_hook: the holder of the
    // personal namespace gets no "joined" event for its own project.
    it.each([
      ['created', ['created']],
      ['joined', ['joined']],
      ['left', ['left']],
    ])('action=%s', async (action, expected) => {
      const events = await all(projectEvents(), owner.token, { action })
      expect(events.map((e) => e.action_name)).toEqual(expected)
    })

    it('target_type filters by the lowercase target type', async () => {
      expect(await all(projectEvents(), owner.token, { target_type: 'issue' })).toEqual([])
      expect(await all(projectEvents(), owner.token, { target_type: 'merge_request' })).toEqual([])
    })

    it('answers 400 for an action, target_type, date or sort GitLab does not have', async () => {
      for (const [query, error] of [
        [{ action: 'exploded' }, 'action does not have a valid value'],
        [{ target_type: 'spaceship' }, 'target_type does not have a valid value'],
        [{ before: 'not-a-date' }, 'before is invalid'],
        [{ after: '2026-13-45' }, 'after is invalid'],
        [{ sort: 'sideways' }, 'sort does not have a valid value'],
      ] as const) {
        const res = await api(projectEvents(), { token: owner.token, query })
        expect([query, res.status, res.body]).toEqual([query, 400, { error }])
      }
    })

    it('before and after take dates: after is past the end of that day, before its start', async () => {
      const total = (await all(projectEvents(), owner.token)).length
      expect(await all(projectEvents(), owner.token, { after: day(-1) })).toHaveLength(total)
      expect(await all(projectEvents(), owner.token, { after: day(0) })).toEqual([])
      expect(await all(projectEvents(), owner.token, { before: day(1) })).toHaveLength(total)
      expect(await all(projectEvents(), owner.token, { before: day(0) })).toEqual([])
      expect(
        await all(projectEvents(), owner.token, { after: day(-1), before: day(1) }),
      ).toHaveLength(total)
    })

    it('sorts newest first by default, sort=asc oldest first', async () => {
      const desc = await all(projectEvents(), owner.token)
      const asc = await all(projectEvents(), owner.token, { sort: 'asc' })
      expect(desc.map((e) => e.id)).toEqual([...desc.map((e) => e.id)].sort((a, b) => b - a))
      expect(asc.map((e) => e.id)).toEqual([...desc.map((e) => e.id)].reverse())
      expect(asc[0]?.action_name).toBe('created')
    })

    it('caps per_page at 100', async () => {
      const res = await api<EventJson[]>(projectEvents(), {
        token: owner.token,
        query: { per_page: 1_000_000 },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('x-per-page')).toBe('100')
    })

    it('pages with per_page and page, with GitLab headers', async () => {
      const everything = await all(projectEvents(), owner.token)
      const res = await api<EventJson[]>(projectEvents(), {
        token: owner.token,
        query: { per_page: 2, page: 2 },
      })
      expect(res.status).toBe(200)
      expect(res.body.map((e) => e.id)).toEqual(everything.slice(2, 4).map((e) => e.id))
      expect(res.headers.get('x-page')).toBe('2')
      expect(res.headers.get('x-per-page')).toBe('2')
      expect(res.headers.get('x-prev-page')).toBe('1')
      expect(res.headers.get('link')).toContain('rel="next"')
    })
  })

  describe('endpoints and visibility', () => {
    it('GET /users/:id/events by id and by username returns the user contributions', async () => {
      await waitForEvent(projectEvents(), owner.token, (e) => e.action_name === 'deleted')
      for (const key of [owner.user.id, owner.user.username]) {
        const events = await all(`/users/${key}/events`, owner.token)
        expect(events.every((e) => e.author_id === owner.user.id)).toBe(true)
        expect(events.some((e) => e.project_id === project.id && e.action_name === 'created')).toBe(
          true,
        )
      }
      const memberEvents = await all(`/users/${member.user.id}/events`, owner.token)
      expect(memberEvents.map((e) => e.action_name).sort()).toEqual(['joined', 'left'])
    })

    it('GET /users/:id/events answers 404 "User Not Found" for an unknown user', async () => {
      const res = await api('/users/no-such-user-zz/events', { token: owner.token })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(notFound('User'))
    })

    it('GET /events lists the caller own events; scope=all adds others in the caller projects', async () => {
      await waitForEvent(projectEvents(), owner.token, (e) => e.action_name === 'left')
      const own = await all('/events', owner.token)
      expect(own.length).toBeGreaterThan(0)
      expect(own.every((e) => e.author_id === owner.user.id)).toBe(true)
      const scoped = await all('/events', owner.token, { scope: 'all' })
      expect(
        scoped.some((e) => e.author_id === member.user.id && e.project_id === project.id),
      ).toBe(true)
      // EventsFinder#by_current_user_access: once the member left the private
      // project, its own joined/left events there are no longer shown to it.
      const forMember = await all('/events', member.token)
      expect(forMember.filter((e) => e.project_id === project.id)).toEqual([])
    })

    it('GET /events answers 401 without a token', async () => {
      const res = await api('/events')
      expect(res.status).toBe(401)
      expect(res.body).toEqual(UNAUTHORIZED)
    })

    it('never shows a stranger events of a private project', async () => {
      const byProject = await api(projectEvents(), { token: stranger.token })
      expect(byProject.status).toBe(404)
      expect(byProject.body).toEqual(notFound('Project'))
      const anonymous = await api(projectEvents())
      expect(anonymous.status).toBe(404)
      const byUser = await all(`/users/${owner.user.id}/events`, stranger.token)
      expect(byUser.filter((e) => e.project_id === project.id)).toEqual([])
      const byUserAnonymous = await all(`/users/${owner.user.username}/events`)
      expect(byUserAnonymous.filter((e) => e.project_id === project.id)).toEqual([])
      const scoped = await all('/events', stranger.token, { scope: 'all' })
      expect(scoped.filter((e) => e.project_id === project.id)).toEqual([])
    })

    it('a former member no longer sees the project events', async () => {
      const res = await api(projectEvents(), { token: member.token })
      expect(res.status).toBe(404)
    })

    it('shows events of a public project to anyone', async () => {
      const pub = await createProject(owner.token, { visibility: 'public' })
      const event = await waitForEvent(
        `/projects/${pub.id}/events`,
        undefined,
        (e) => e.action_name === 'created',
      )
      expect(event?.project_id).toBe(pub.id)
      const seen = await waitForEvent(
        `/users/${owner.user.id}/events`,
        stranger.token,
        (e) => e.project_id === pub.id,
      )
      expect(seen).toBeDefined()
    })
  })

  describe('token scopes', () => {
    // lib/api/events.rb allows read_user (GET) on /events and /users/:id/events;
    // lib/api/api.rb allows read_api on every GET. lib/api/project_events.rb adds
    // no read_user, so read_user on /projects/:id/events is left unasserted.
    it.each([
      ['read_user', false],
      ['read_api', true],
      ['api', true],
    ])('a %s token reads events (200)', async (scope, projectToo) => {
      const { token } = await createToken(owner.user.id, [scope])
      const paths = ['/events', `/users/${owner.user.id}/events`]
      if (projectToo) paths.push(projectEvents())
      for (const path of paths) {
        const res = await api(path, { token })
        expect([scope, path, res.status]).toEqual([scope, path, 200])
      }
    })

    it('a read_repository token gets 403 insufficient_scope', async () => {
      const { token } = await createToken(owner.user.id, ['read_repository'])
      const res = await api('/events', { token })
      expect(res.status).toBe(403)
      expect(res.body).toMatchObject(INSUFFICIENT_SCOPE)
    })
  })
})
