import pg from 'pg'
import { api, eventually, type ApiResponse } from './support/api'
import {
  addMember,
  createGroup,
  createUserWithToken,
  type UserWithToken,
} from './support/factories'
import {
  cacheHits,
  replicaUnavailable,
  startGatewayReplica,
  type GatewayReplica,
} from './support/gateway-replica'
import { mrPath, openMergeRequest, type MergeRequestJson } from './support/merge-requests'
import { addProjectMember, createProject, projectWithReadme } from './support/projects'
import { rootToken } from './support/suite-state'
import type { ProjectJson, TagJson } from './support/types'
import { describeUnless } from './support/skip'

// Gateways keep serialized answers per viewer, kept current by change events.
// Every test writes through the launcher's gateway and reads at once through a
// second gateway process, whose cache held the answer before the write.

const REPORTER = 20
const describeWithReplica = describeUnless(replicaUnavailable(), 'read-caches.test.ts')

describeWithReplica('read caches across gateway replicas', () => {
  let replica: GatewayReplica
  let owner: UserWithToken
  let reader: UserWithToken
  let project: ProjectJson
  let mr: MergeRequestJson

  /** GET on the replica. */
  const onReplica = <T>(path: string, token: string, headers: Record<string, string> = {}) =>
    api<T>(`${replica.baseUrl}/api/v4${path}`, { token, headers })

  /**
   * Reads `path` on the replica until its cache answers it (the hit counter
   * moves), so that the write that follows has a cached answer to make stale.
   */
  async function warm(path: string, token: string): Promise<ApiResponse> {
    let last = await onReplica(path, token)
    const cached = await eventually(
      async () => {
        const before = await cacheHits(replica.baseUrl)
        last = await onReplica(path, token)
        return last.status === 200 && (await cacheHits(replica.baseUrl)) > before
      },
      // Other test files write meanwhile; group writes empty every cache.
      20_000,
      100,
    )
    if (!cached) throw new Error(`the replica never answered ${path} from its cache`)
    return last
  }

  beforeAll(async () => {
    ;({ owner, project } = await projectWithReadme({ visibility: 'private' }))
    reader = await createUserWithToken()
    await addProjectMember(project.id, reader.user.id, REPORTER, owner.token)
    ;({ mr } = await openMergeRequest(owner.token, project.id, { labels: 'cache-bug' }))
    replica = await startGatewayReplica(rootToken())
  }, 60_000)

  afterAll(async () => {
    await replica?.stop()
  })

  it('serves a merge request from memory with a strong ETag, and 304 for it', async () => {
    const first = await warm(mrPath(project.id, mr.iid), reader.token)
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/)
    const again = await onReplica(mrPath(project.id, mr.iid), reader.token, {
      'If-None-Match': etag,
    })
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
  })

  it('shows a merge request update at once', async () => {
    const before = await warm(mrPath(project.id, mr.iid), reader.token)
    const title = `Retitled ${Date.now()}`
    const put = await api(mrPath(project.id, mr.iid), {
      method: 'PUT',
      token: owner.token,
      body: { title },
    })
    expect(put.status).toBe(200)
    const after = await onReplica<MergeRequestJson>(mrPath(project.id, mr.iid), reader.token, {
      'If-None-Match': before.headers.get('etag') ?? '',
    })
    expect(after.status).toBe(200)
    expect(after.body.title).toBe(title)
    const list = await onReplica<MergeRequestJson[]>(
      `${mrPath(project.id)}?state=opened`,
      reader.token,
    )
    expect(list.body.find((item) => item.iid === mr.iid)?.title).toBe(title)
  })

  it('shows a project update at once', async () => {
    await warm(`/projects/${project.id}`, reader.token)
    const description = `Described ${Date.now()}`
    const put = await api(`/projects/${project.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { description },
    })
    expect(put.status).toBe(200)
    const after = await onReplica<ProjectJson>(`/projects/${project.id}`, reader.token)
    expect(after.body.description).toBe(description)
  })

  it('shows a new tag at once', async () => {
    await warm(`/projects/${project.id}/repository/tags`, reader.token)
    const name = `v${Date.now()}`
    const post = await api(`/projects/${project.id}/repository/tags`, {
      method: 'POST',
      token: owner.token,
      body: { tag_name: name, ref: 'main' },
    })
    expect(post.status).toBe(201)
    const after = await onReplica<TagJson[]>(
      `/projects/${project.id}/repository/tags`,
      reader.token,
    )
    expect(after.body.map((tag) => tag.name)).toContain(name)
  })

  it("shows a user's new name at once wherever the user appears", async () => {
    await warm(mrPath(project.id, mr.iid), reader.token)
    const name = `Renamed ${Date.now()}`
    const put = await api(`/users/${owner.user.id}`, {
      method: 'PUT',
      token: rootToken(),
      body: { name },
    })
    expect(put.status).toBe(200)
    const after = await onReplica<MergeRequestJson>(mrPath(project.id, mr.iid), reader.token)
    expect(after.body.author.name).toBe(name)
  })

  it('shows a label changed outside the API (a worker, SQL) as soon as its event arrives', async () => {
    await warm(mrPath(project.id, mr.iid), reader.token)
    const title = `cache-renamed-${Date.now()}`
    const client = new pg.Client({ connectionString: replica.env['DATABASE_URL'] })
    await client.connect()
    try {
      await client.query(
        'UPDATE merge_requests.labels SET title = $1 WHERE project_id = $2 AND title = $3',
        [title, project.id, 'cache-bug'],
      )
    } finally {
      await client.end()
    }
    const seen = await eventually(
      async () => {
        const after = await onReplica<MergeRequestJson>(mrPath(project.id, mr.iid), reader.token)
        return after.body.labels.includes(title)
      },
      2_000,
      20,
    )
    expect(seen).toBe(true)
  })

  it('gives and takes project access at once (404 as soon as the membership goes)', async () => {
    const stranger = await createUserWithToken()
    expect((await onReplica(`/projects/${project.id}`, stranger.token)).status).toBe(404)
    await addProjectMember(project.id, stranger.user.id, REPORTER, owner.token)
    expect((await onReplica(`/projects/${project.id}`, stranger.token)).status).toBe(200)
    await warm(mrPath(project.id, mr.iid), stranger.token)
    const removed = await api(`/projects/${project.id}/members/${stranger.user.id}`, {
      method: 'DELETE',
      token: owner.token,
    })
    expect(removed.status).toBe(204)
    expect((await onReplica(mrPath(project.id, mr.iid), stranger.token)).status).toBe(404)
    expect((await onReplica(`/projects/${project.id}`, stranger.token)).status).toBe(404)
  })

  it('takes access inherited from a group at once', async () => {
    const groupOwner = await createUserWithToken()
    const group = await createGroup(groupOwner.token)
    const inGroup = await createProject(groupOwner.token, {
      namespace_id: group.id,
      visibility: 'private',
      initialize_with_readme: true,
    })
    const member = await createUserWithToken()
    await addMember(group.id, member.user.id, REPORTER, groupOwner.token)
    await warm(`/projects/${inGroup.id}`, member.token)
    const removed = await api(`/groups/${group.id}/members/${member.user.id}`, {
      method: 'DELETE',
      token: groupOwner.token,
    })
    expect(removed.status).toBe(204)
    expect((await onReplica(`/projects/${inGroup.id}`, member.token)).status).toBe(404)
  })

  it("reads the writer's own write on the replica at once", async () => {
    await warm(`/projects/${project.id}`, owner.token)
    const description = `Mine ${Date.now()}`
    await api(`/projects/${project.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { description },
    })
    const after = await onReplica<ProjectJson>(`/projects/${project.id}`, owner.token)
    expect(after.body.description).toBe(description)
  })

  it('refuses a token revoked through the API on the replica at once', async () => {
    const user = await createUserWithToken()
    expect((await onReplica('/user', user.token)).status).toBe(200)
    const revoked = await api('/personal_access_tokens/self', {
      method: 'DELETE',
      token: user.token,
    })
    expect(revoked.status).toBe(204)
    expect((await onReplica('/user', user.token)).status).toBe(401)
  })

  /** Runs SQL on the suite's database, as a worker or an operator would. */
  async function sqlOutsideTheApi(text: string, values: unknown[]): Promise<void> {
    const client = new pg.Client({ connectionString: replica.env['DATABASE_URL'] })
    await client.connect()
    try {
      await client.query(text, values)
    } finally {
      await client.end()
    }
  }

  /** Whether the replica refuses `token` within two seconds. */
  const refusedSoon = (token: string) =>
    eventually(async () => (await onReplica('/user', token)).status === 401, 2_000, 20)

  it('refuses a token revoked outside the API as soon as the event arrives', async () => {
    const user = await createUserWithToken()
    expect((await onReplica('/user', user.token)).status).toBe(200)
    await sqlOutsideTheApi(
      'UPDATE identity.personal_access_tokens SET revoked = true WHERE user_id = $1',
      [user.user.id],
    )
    expect(await refusedSoon(user.token)).toBe(true)
  })

  it('answers /user from the cache and shows an edit of the user at once', async () => {
    const user = await createUserWithToken()
    await warm('/user', user.token)
    const name = `Self ${Date.now()}`
    const put = await api(`/users/${user.user.id}`, {
      method: 'PUT',
      token: rootToken(),
      body: { name },
    })
    expect(put.status).toBe(200)
    const after = await onReplica<{ name: string }>('/user', user.token)
    expect([after.status, after.body.name]).toEqual([200, name])
  })

  it("shows /user's row changed outside the API as soon as the event arrives", async () => {
    const user = await createUserWithToken()
    await warm('/user', user.token)
    const name = `Outside ${Date.now()}`
    await sqlOutsideTheApi('UPDATE identity.users SET name = $1 WHERE id = $2', [
      name,
      user.user.id,
    ])
    const seen = await eventually(
      async () => (await onReplica<{ name: string }>('/user', user.token)).body.name === name,
      2_000,
      20,
    )
    expect(seen).toBe(true)
  })

  it('refuses a user blocked outside the API as soon as the event arrives', async () => {
    const user = await createUserWithToken()
    expect((await onReplica('/user', user.token)).status).toBe(200)
    await sqlOutsideTheApi("UPDATE identity.users SET state = 'blocked' WHERE id = $1", [
      user.user.id,
    ])
    expect(await refusedSoon(user.token)).toBe(true)
  })
})
