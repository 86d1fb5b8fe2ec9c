import { Gitlab } from '@gitbeaker/rest'
import { api } from './support/api'
import {
  addMember,
  createGroup,
  createUserWithToken,
  uniqueName,
  type UserWithToken,
} from './support/factories'
import { notFound, UNAUTHORIZED } from './support/gitlab-errors'
import { cloneUrl, commitFile, gitOk, withTempDir } from './support/git'
import { addProjectMember, createProject } from './support/projects'
import { baseUrl, rootToken } from './support/suite-state'
import { GUEST, REPORTER, type ProjectJson } from './support/types'

// lib/api/projects.rb POST :id/fork: not_found! without fork_project,
// find_namespace! (404), not_found!('Target Namespace') without
// create_projects there, Projects::ForkService (conflict! with its errors:
// 409), 201 with the Project entity and its forked_from_project; GET
// :id/forks lists the forks the caller may see.

type Project = ProjectJson & {
  visibility: string
  forks_count: number
  namespace: { id: number; kind: string; full_path: string }
  forked_from_project?: { id: number; path_with_namespace: string; forks_count: number }
}

const fork = (token: string | undefined, id: number, body: Record<string, unknown> = {}) =>
  api<Project>(`/projects/${id}/fork`, { method: 'POST', token, body })

describe('forks', () => {
  let owner: UserWithToken
  let forker: UserWithToken
  let upstream: Project

  beforeAll(async () => {
    ;[owner, forker] = await Promise.all([createUserWithToken(), createUserWithToken()])
    upstream = (await createProject(owner.token, {
      visibility: 'public',
      initialize_with_readme: true,
    })) as Project
  })

  it('forks into the caller’s namespace with its repository; the upstream counts and lists it', async () => {
    // Cached before the fork, so a stale forks_count would show.
    expect(
      (await api<Project>(`/projects/${upstream.id}`, { token: forker.token })).body.forks_count,
    ).toBe(0)
    const res = await fork(forker.token, upstream.id)
    expect(res.status).toBe(201)
    expect(res.headers.get('content-type')).toBe('application/json')
    const path = `${forker.user.username}/${upstream.path}`
    expect(res.body).toMatchObject({
      name: upstream.name,
      path: upstream.path,
      path_with_namespace: path,
      visibility: 'public',
      default_branch: 'main',
      empty_repo: false,
      namespace: { kind: 'user', full_path: forker.user.username },
      forked_from_project: {
        id: upstream.id,
        path_with_namespace: upstream.path_with_namespace,
        forks_count: 1,
      },
    })
    const forkId = res.body.id
    const again = await api<Project>(`/projects/${forkId}`, { token: forker.token })
    expect(again.body.forked_from_project?.id).toBe(upstream.id)
    expect(
      (await api<Project>(`/projects/${upstream.id}`, { token: forker.token })).body.forks_count,
    ).toBe(1)
    const forks = await api<Project[]>(`/projects/${upstream.id}/forks`)
    expect(forks.status).toBe(200)
    expect(forks.body.map((p) => p.id)).toEqual([forkId])
    expect(forks.headers.get('x-total')).toBe('1')

    // The copy is the fork's own: a push there leaves the upstream as it was.
    await withTempDir(async (dir) => {
      const url = cloneUrl(path, { username: forker.user.username, token: forker.token })
      await gitOk(['clone', '-q', url, 'work'], dir)
      const work = `${dir}/work`
      expect(await gitOk(['ls-files'], work)).toContain('README.md')
      const upstreamHead = (await gitOk(['rev-parse', 'HEAD'], work)).trim()
      const sha = await commitFile(work, 'fork.txt', 'only in the fork\n', 'Fork change')
      await gitOk(['push', '-q', 'origin', 'main'], work)
      const forkBranch = await api<{ commit: { id: string } }>(
        `/projects/${forkId}/repository/branches/main`,
        { token: forker.token },
      )
      expect(forkBranch.body.commit.id).toBe(sha)
      const upstreamBranch = await api<{ commit: { id: string } }>(
        `/projects/${upstream.id}/repository/branches/main`,
        { token: owner.token },
      )
      expect(upstreamBranch.body.commit.id).toBe(upstreamHead)
    })
  })

  it('a deleted fork leaves its upstream’s forks_count and forks list at once', async () => {
    const base = (await createProject(owner.token, {
      visibility: 'public',
      initialize_with_readme: true,
    })) as Project
    const made = await fork(forker.token, base.id)
    expect(made.status).toBe(201)
    // Read (and cached) while the fork counts.
    expect(
      (await api<Project>(`/projects/${base.id}`, { token: owner.token })).body.forks_count,
    ).toBe(1)
    const gone = await api(`/projects/${made.body.id}`, { method: 'DELETE', token: forker.token })
    expect(gone.status).toBe(202)
    expect(
      (await api<Project>(`/projects/${base.id}`, { token: owner.token })).body.forks_count,
    ).toBe(0)
    const forks = await api<Project[]>(`/projects/${base.id}/forks`)
    expect(forks.body).toEqual([])
    expect(forks.headers.get('x-total')).toBe('0')
  })

  it('forks into a group by namespace_id or namespace_path, with a new name, path and a lower visibility', async () => {
    const group = await createGroup(forker.token, { visibility: 'internal' })
    const path = uniqueName('fork')
    const res = await fork(forker.token, upstream.id, {
      namespace_path: group.full_path,
      path,
      name: `Fork ${path}`,
      description: 'A fork',
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      path_with_namespace: `${group.full_path}/${path}`,
      name: `Fork ${path}`,
      description: 'A fork',
      // Never above the target group.
      visibility: 'internal',
      forked_from_project: { id: upstream.id },
    })
    const privatePath = uniqueName('fork')
    const byId = await fork(forker.token, upstream.id, {
      namespace_id: group.id,
      path: privatePath,
      name: privatePath,
      visibility: 'private',
    })
    expect(byId.status).toBe(201)
    expect(byId.body.visibility).toBe('private')
    // The list shows only the forks the caller can read: not a private one to anonymous callers.
    const anonymous = await api<Project[]>(`/projects/${upstream.id}/forks`)
    expect(anonymous.body.map((p) => p.id)).not.toContain(byId.body.id)
    const asForker = await api<Project[]>(`/projects/${upstream.id}/forks`, {
      token: forker.token,
      query: { per_page: '100' },
    })
    expect(asForker.body.map((p) => p.id)).toEqual(
      expect.arrayContaining([res.body.id, byId.body.id]),
    )
  })

  it("answers GitLab's refusals", async () => {
    const [guest, reporter] = await Promise.all([createUserWithToken(), createUserWithToken()])
    const secret = await createProject(owner.token, { initialize_with_readme: true })
    await addProjectMember(secret.id, guest.user.id, GUEST, owner.token)
    await addProjectMember(secret.id, reporter.user.id, REPORTER, owner.token)

    const anonymous = await fork(undefined, upstream.id)
    expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED])
    const hidden = await fork(forker.token, secret.id)
    expect([hidden.status, hidden.body]).toEqual([404, notFound('Project')])
    // A Guest reads the project but not its code: GitLab's bare not_found!.
    const noCode = await fork(guest.token, secret.id)
    expect([noCode.status, noCode.body]).toEqual([404, { message: '404 Not Found' }])

    const unknown = await fork(reporter.token, secret.id, { namespace_path: 'no/such/group' })
    expect([unknown.status, unknown.body]).toEqual([404, notFound('Namespace')])
    const group = await createGroup(owner.token)
    await addMember(group.id, reporter.user.id, REPORTER, owner.token)
    const cannotCreate = await fork(reporter.token, secret.id, { namespace_id: group.id })
    expect([cannotCreate.status, cannotCreate.body]).toEqual([404, notFound('Target Namespace')])

    const first = await fork(reporter.token, secret.id)
    expect(first.status).toBe(201)
    expect(first.body.visibility).toBe('private')
    const twice = await fork(reporter.token, secret.id)
    expect([twice.status, twice.body]).toEqual([
      409,
      { message: { name: ['has already been taken'], path: ['has already been taken'] } },
    ])
    const badVisibility = await fork(reporter.token, secret.id, { visibility: 'secret' })
    expect([badVisibility.status, badVisibility.body]).toEqual([
      400,
      { error: 'visibility does not have a valid value' },
    ])
  })

  it('is what @gitbeaker/rest calls Projects.fork and Projects.allForks', async () => {
    const client = new Gitlab({ host: baseUrl(), token: rootToken() })
    const path = uniqueName('gbfork')
    const forked = await client.Projects.fork(upstream.id, { path, name: path })
    expect(forked).toMatchObject({ path, forked_from_project: { id: upstream.id } })
    const all = await client.Projects.allForks(upstream.id)
    expect(all.map((p) => p.id)).toContain(forked.id)
  })
})
