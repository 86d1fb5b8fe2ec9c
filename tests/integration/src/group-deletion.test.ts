import { api } from './support/api'
import {
  addMember,
  createGroup,
  createUserWithToken,
  type UserWithToken,
} from './support/factories'
import { FORBIDDEN, notFound } from './support/gitlab-errors'
import { mrPath, openMergeRequest } from './support/merge-requests'
import {
  countNamespaceRows,
  countProjectRows,
  repositoryExists,
  suiteRepositoryRoot,
} from './support/project-rows'
import { createProject } from './support/projects'
import { suiteDatabaseUrl } from './support/suite-state'
import { DEVELOPER, type GroupJson, type ProjectJson } from './support/types'

// Issue 26, part 1: DELETE /groups/:id (202) removes the group, its subgroups,
// their projects (each through the project deletion path: rows in every
// schema and the repository on disk) and the memberships; the group and its
// subgroups are 404 at once, their projects as soon as the projects worker
// has marked them. An unrelated group and its project keep everything.

jest.setTimeout(120_000)

const CLEANUP_TIMEOUT_MS = 90_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function subgroup(token: string, parent: GroupJson): Promise<GroupJson> {
  const path = `sub-${Date.now().toString(36)}`
  const res = await api<GroupJson>('/groups', {
    method: 'POST',
    token,
    body: { name: path, path, parent_id: parent.id, visibility: 'public' },
  })
  expect(res.status).toBe(201)
  return res.body
}

describe('DELETE /groups/:id', () => {
  let owner: UserWithToken
  let developer: UserWithToken
  let group: GroupJson
  let child: GroupJson
  let top: ProjectJson
  let nested: ProjectJson
  let other: GroupJson
  let kept: ProjectJson

  beforeAll(async () => {
    owner = await createUserWithToken()
    developer = await createUserWithToken()
    group = await createGroup(owner.token, { visibility: 'public' })
    child = await subgroup(owner.token, group)
    await addMember(group.id, developer.user.id, DEVELOPER, owner.token)
    top = await createProject(owner.token, { namespace_id: group.id, initialize_with_readme: true })
    nested = await createProject(owner.token, {
      namespace_id: child.id,
      initialize_with_readme: true,
    })
    const { mr } = await openMergeRequest(owner.token, nested.id)
    const note = await api(mrPath(nested.id, mr.iid, '/notes'), {
      method: 'POST',
      token: developer.token,
      body: { body: 'a note' },
    })
    expect(note.status).toBe(201)
    other = await createGroup(owner.token, { visibility: 'public' })
    kept = await createProject(owner.token, {
      namespace_id: other.id,
      initialize_with_readme: true,
    })
  })

  it('refuses a Developer (403), then deletes the group, its subgroups and their projects', async () => {
    const databaseUrl = suiteDatabaseUrl()
    const repositoryRoot = suiteRepositoryRoot()
    const refused = await api(`/groups/${group.id}`, { method: 'DELETE', token: developer.token })
    expect([refused.status, refused.body]).toEqual([403, FORBIDDEN])

    const before = databaseUrl ? await countProjectRows(databaseUrl, nested.id) : {}
    const keptBefore = databaseUrl ? await countProjectRows(databaseUrl, kept.id) : {}
    if (databaseUrl) {
      expect(before['merge_requests.merge_requests']).toBe(1)
      expect(before['merge_requests.notes']).toBe(1)
      expect(await countNamespaceRows(databaseUrl, [group.id, child.id])).toEqual({
        namespaces: 2,
        members: expect.any(Number),
      })
    }

    const deleted = await api(`/groups/${group.id}`, { method: 'DELETE', token: owner.token })
    expect([deleted.status, deleted.body]).toEqual([202, { message: '202 Accepted' }])

    // The group and its subgroup are gone at once, for their owner too.
    for (const id of [group.id, child.id]) {
      const read = await api(`/groups/${id}`, { token: owner.token })
      expect([read.status, read.body]).toEqual([404, notFound('Group')])
    }
    const mine = await api<GroupJson[]>('/groups', { token: owner.token, query: { owned: true } })
    expect(mine.body.map((g) => g.id)).toEqual([other.id])
    const again = await api(`/groups/${group.id}`, { method: 'DELETE', token: owner.token })
    expect(again.status).toBe(404)

    // Their projects follow, through the project deletion path.
    let gone = false
    const deadline = Date.now() + CLEANUP_TIMEOUT_MS
    while (!gone && Date.now() < deadline) {
      const reads = await Promise.all(
        [top, nested].map((p) => api(`/projects/${p.id}`, { token: owner.token })),
      )
      const rows = databaseUrl
        ? [
            ...(await Promise.all([top, nested].map((p) => countProjectRows(databaseUrl, p.id)))),
            await countNamespaceRows(databaseUrl, [group.id, child.id]),
          ]
        : []
      const repositories = repositoryRoot
        ? [top, nested].some((p) => repositoryExists(repositoryRoot, p.id))
        : false
      gone =
        reads.every((read) => read.status === 404) &&
        rows.every((counts) =>
          'namespaces' in counts
            ? counts.namespaces === 0 && counts.members === 0
            : Object.keys(counts).length === 0,
        ) &&
        !repositories
      if (!gone) await sleep(1_000)
    }
    expect(gone).toBe(true)

    // The other group and its project keep everything.
    expect((await api(`/groups/${other.id}`, { token: owner.token })).status).toBe(200)
    expect((await api(`/projects/${kept.id}`, { token: owner.token })).status).toBe(200)
    if (databaseUrl) expect(await countProjectRows(databaseUrl, kept.id)).toEqual(keptBefore)
    if (repositoryRoot) expect(repositoryExists(repositoryRoot, kept.id)).toBe(true)
  })
})
