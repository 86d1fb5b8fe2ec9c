import { join } from 'node:path'
import pg from 'pg'
import { api } from './support/api'
import {
  addMember,
  createGroup,
  createUserWithToken,
  type UserWithToken,
} from './support/factories'
import {
  startPrivateSuite,
  privateRedisUnavailable,
  type PrivateSuite,
} from './support/private-suite'
import { countNamespaceRows, countProjectRows, repositoryExists } from './support/project-rows'
import { createProject } from './support/projects'
import { describeUnless } from './support/skip'
import { DEVELOPER, type GroupJson, type ProjectJson } from './support/types'
import { holdTableLocks, killRole, pollUntil } from './support/worker-crash'

// Issue 26, part 1: group and user deletion survive a crash of the worker
// doing the work, as project deletion does (project-deletion.test.ts). The
// projects worker runs both jobs (a deleted group's projects, then identity's
// purge of its namespaces and memberships; a deleted user's personal
// projects, events and stars, then identity's removal of the user); it is
// stopped in the middle of each on a table lock, killed with SIGKILL, and
// the launcher's new worker takes the job back and ends with nothing left.
// A private suite: killing its worker touches no other test file.

const CLEANUP_TIMEOUT_MS = 150_000

const describeWithRedis = describeUnless(privateRedisUnavailable(), 'deletion-crash.test.ts')

async function subgroup(token: string, parent: GroupJson): Promise<GroupJson> {
  const path = `sub-${Date.now().toString(36)}`
  const res = await api<GroupJson>('/groups', {
    method: 'POST',
    token,
    body: { name: path, path, parent_id: parent.id, visibility: 'private' },
  })
  expect(res.status).toBe(201)
  return res.body
}

/** Rows of the user left in identity: the user and their memberships. */
async function identityRows(databaseUrl: string, userId: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string }>(
      `select (select count(*) from identity.users where id = $1)
            + (select count(*) from identity.members where user_id = $1) as n`,
      [userId],
    )
    return Number(rows[0]?.n)
  } finally {
    await client.end()
  }
}

describeWithRedis('group and user deletion resume after their worker is killed', () => {
  let suite: PrivateSuite
  let databaseUrl: string
  let repositoryRoot: string

  beforeAll(async () => {
    suite = await startPrivateSuite()
    databaseUrl = suite.state.databaseUrl as string
    repositoryRoot = join(suite.state.tempDir as string, 'repositories')
  }, 180_000)

  afterAll(async () => {
    await suite?.stop()
  }, 60_000)

  it('DELETE /groups/:id: killed while identity purges the group, it ends with nothing left', async () => {
    const owner: UserWithToken = await createUserWithToken()
    const developer = await createUserWithToken()
    const group = await createGroup(owner.token, { visibility: 'private' })
    const child = await subgroup(owner.token, group)
    await addMember(group.id, developer.user.id, DEVELOPER, owner.token)
    const projects: ProjectJson[] = [
      await createProject(owner.token, { namespace_id: group.id, initialize_with_readme: true }),
      await createProject(owner.token, { namespace_id: child.id, initialize_with_readme: true }),
    ]
    const namespaces = [group.id, child.id]
    const before = await countNamespaceRows(databaseUrl, namespaces)
    expect(before.namespaces).toBe(2)
    expect(before.members).toBeGreaterThanOrEqual(2)
    for (const project of projects) expect(repositoryExists(repositoryRoot, project.id)).toBe(true)

    // The group job stops in identity's purge of the memberships, the project purges on theirs.
    const locks = await holdTableLocks(databaseUrl, [
      'identity.members',
      'projects.ref_write_intents',
    ])
    let workerBefore: number
    try {
      const deleted = await api(`/groups/${group.id}`, { method: 'DELETE', token: owner.token })
      expect([deleted.status, deleted.body]).toEqual([202, { message: '202 Accepted' }])
      expect(await locks.waitForWaiter('member_namespace_id in')).toBe(true)

      // In the middle: the projects are marked (404), the namespaces and repositories still there.
      for (const project of projects) {
        expect((await api(`/projects/${project.id}`, { token: owner.token })).status).toBe(404)
        expect(repositoryExists(repositoryRoot, project.id)).toBe(true)
      }
      expect((await countNamespaceRows(databaseUrl, namespaces)).namespaces).toBe(2)
      workerBefore = killRole(suite, 'projects worker')
    } finally {
      await locks.release()
    }

    const left = await pollUntil(
      async () => ({
        identity: await countNamespaceRows(databaseUrl, namespaces),
        projects: await Promise.all(projects.map((p) => countProjectRows(databaseUrl, p.id))),
        repositories: projects.filter((p) => repositoryExists(repositoryRoot, p.id)).length,
      }),
      (now) =>
        now.identity.namespaces === 0 &&
        now.identity.members === 0 &&
        now.projects.every((rows) => Object.keys(rows).length === 0) &&
        now.repositories === 0,
      CLEANUP_TIMEOUT_MS,
    )
    expect(left).toEqual({
      identity: { namespaces: 0, members: 0 },
      projects: [{}, {}],
      repositories: 0,
    })
    const workerAfter = suite.pidOf('projects worker')
    expect(workerAfter).toBeDefined()
    expect(workerAfter).not.toBe(workerBefore)
    // The developer lost the membership only: still a user.
    expect((await api('/user', { token: developer.token })).status).toBe(200)
  }, 300_000)

  it('DELETE /users/:id: killed before identity removes the user, it ends with nothing left', async () => {
    const doomed = await createUserWithToken()
    const other = await createUserWithToken()
    const personal = await createProject(doomed.token, { initialize_with_readme: true })
    const starred = await createProject(other.token, {
      visibility: 'public',
      initialize_with_readme: true,
    })
    const star = await api(`/projects/${starred.id}/star`, { method: 'POST', token: doomed.token })
    expect(star.status).toBe(201)
    expect(await identityRows(databaseUrl, doomed.user.id)).toBeGreaterThan(0)

    // The user job stops on the stars, after the personal project was marked.
    const locks = await holdTableLocks(databaseUrl, ['projects.users_star_projects'])
    let workerBefore: number
    try {
      const deleted = await api(`/users/${doomed.user.id}`, {
        method: 'DELETE',
        token: suite.rootToken,
      })
      expect(deleted.status).toBe(204)
      expect(await locks.waitForWaiter('users_star_projects where user_id')).toBe(true)

      // In the middle: the project is marked, the user is still in identity.
      expect((await api(`/projects/${personal.id}`, { token: suite.rootToken })).status).toBe(404)
      expect(await identityRows(databaseUrl, doomed.user.id)).toBeGreaterThan(0)
      workerBefore = killRole(suite, 'projects worker')
    } finally {
      await locks.release()
    }

    const left = await pollUntil(
      async () => ({
        identity: await identityRows(databaseUrl, doomed.user.id),
        project: await countProjectRows(databaseUrl, personal.id),
        repository: repositoryExists(repositoryRoot, personal.id),
      }),
      (now) => now.identity === 0 && Object.keys(now.project).length === 0 && !now.repository,
      CLEANUP_TIMEOUT_MS,
    )
    expect(left).toEqual({ identity: 0, project: {}, repository: false })
    expect(suite.pidOf('projects worker')).not.toBe(workerBefore)
    expect((await api(`/users/${doomed.user.id}`, { token: suite.rootToken })).status).toBe(404)
    // The starred project lost the star only.
    const kept = await api<ProjectJson & { star_count: number }>(`/projects/${starred.id}`, {
      token: other.token,
    })
    expect([kept.status, kept.body.star_count]).toEqual([200, 0])
  }, 300_000)
})
