import pg from 'pg'
import { api } from './support/api'
import {
  createPipeline,
  getPipeline,
  jobNamed,
  pushFiles,
  waitForStatus,
  type PipelineJson,
} from './support/ci-jobs'
import {
  addMember,
  createGroup,
  createUserWithToken,
  type UserWithToken,
} from './support/factories'
import { FORBIDDEN, notFound, UNAUTHORIZED } from './support/gitlab-errors'
import { mrPath, openMergeRequest, type MergeRequestJson } from './support/merge-requests'
import { createProject } from './support/projects'
import { rootToken, suiteDatabaseUrl } from './support/suite-state'
import { DEVELOPER, type GroupJson, type ProjectJson, type UserJson } from './support/types'

// Issue 26, part 1: DELETE /users/:id (admins, 204). The user is blocked at
// once; their merge requests, notes and award emoji move to GitLab's Ghost
// user (created on first need), their personal projects go through the
// project deletion path, their events and stars go, and identity removes
// the user last. hard_delete=true removes the contributions instead and
// deletes the groups they solely own; without it, the sole owner of a group
// is refused with GitLab's 409. DELETE /users/:id/identities/:provider (204,
// 404 Identity).

jest.setTimeout(120_000)

const CLEANUP_TIMEOUT_MS = 90_000
const CI_CONFIG = 'test:\n  script: echo test\n'
const SOLE_OWNER = { message: 'User cannot be removed while is the sole-owner of a group' }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface NoteJson {
  id: number
  author: { id: number; username: string; name: string }
}

interface AwardJson {
  id: number
  user: { id: number; username: string }
}

async function until(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + CLEANUP_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (await check()) return true
    await sleep(1_000)
  }
  return false
}

/** The user's rows left in identity (user, memberships, tokens) and their authored events. */
async function leftovers(userId: number): Promise<Record<string, number> | undefined> {
  const url = suiteDatabaseUrl()
  if (!url) return undefined
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const counts: Record<string, number> = {}
    for (const [name, query] of [
      ['identity.users', 'select count(*) as n from identity.users where id = $1'],
      ['identity.members', 'select count(*) as n from identity.members where user_id = $1'],
      [
        'identity.personal_access_tokens',
        'select count(*) as n from identity.personal_access_tokens where user_id = $1',
      ],
      ['projects.events', 'select count(*) as n from projects.events where author_id = $1'],
      [
        'merge_requests.merge_requests',
        'select count(*) as n from merge_requests.merge_requests where author_id = $1',
      ],
      [
        'merge_requests.notes',
        'select count(*) as n from merge_requests.notes where author_id = $1',
      ],
      [
        'merge_requests.issues',
        'select count(*) as n from merge_requests.issues where author_id = $1',
      ],
      [
        'merge_requests.issue_assignees',
        'select count(*) as n from merge_requests.issue_assignees where user_id = $1',
      ],
    ] as const) {
      const { rows } = await client.query<{ n: string }>(query, [userId])
      counts[name] = Number(rows[0]?.n)
    }
    return counts
  } finally {
    await client.end()
  }
}

describe('DELETE /users/:id and DELETE /users/:id/identities/:provider', () => {
  let owner: UserWithToken
  let leaver: UserWithToken
  let soleOwner: UserWithToken
  let group: GroupJson
  let soleGroup: GroupJson
  let shared: ProjectJson
  let personal: ProjectJson
  let leaverMr: MergeRequestJson
  let soleOwnerMr: MergeRequestJson
  let note: NoteJson
  let leaverIssue: { iid: number }
  let assignedIssue: { iid: number }
  let starsBefore: number
  let leaverPipeline: PipelineJson
  let ownerPipeline: PipelineJson

  beforeAll(async () => {
    owner = await createUserWithToken()
    leaver = await createUserWithToken()
    soleOwner = await createUserWithToken()
    group = await createGroup(owner.token, { visibility: 'public' })
    await addMember(group.id, leaver.user.id, DEVELOPER, owner.token)
    await addMember(group.id, soleOwner.user.id, DEVELOPER, owner.token)
    soleGroup = await createGroup(soleOwner.token, { visibility: 'public' })
    shared = await createProject(owner.token, {
      namespace_id: group.id,
      initialize_with_readme: true,
    })
    personal = await createProject(leaver.token, { initialize_with_readme: true })

    leaverMr = (await openMergeRequest(leaver.token, shared.id)).mr
    soleOwnerMr = (await openMergeRequest(soleOwner.token, shared.id)).mr
    const posted = await api<NoteJson>(mrPath(shared.id, leaverMr.iid, '/notes'), {
      method: 'POST',
      token: leaver.token,
      body: { body: 'left behind' },
    })
    expect(posted.status).toBe(201)
    note = posted.body
    const award = await api(mrPath(shared.id, leaverMr.iid, '/award_emoji'), {
      method: 'POST',
      token: leaver.token,
      body: { name: 'tada' },
    })
    expect(award.status).toBe(201)
    // An issue the leaver opened, one they are assigned to, and one of the sole owner's.
    const openIssue = async (token: string, body: Record<string, unknown>) => {
      const res = await api<{ iid: number }>(`/projects/${shared.id}/issues`, {
        method: 'POST',
        token,
        body,
      })
      expect(res.status).toBe(201)
      return res.body
    }
    leaverIssue = await openIssue(leaver.token, { title: 'the leaver’s issue' })
    assignedIssue = await openIssue(owner.token, {
      title: 'assigned to the leaver',
      assignee_ids: [leaver.user.id],
    })
    await openIssue(soleOwner.token, { title: 'the sole owner’s issue' })
    const star = await api<ProjectJson & { star_count: number }>(`/projects/${shared.id}/star`, {
      method: 'POST',
      token: leaver.token,
    })
    expect(star.status).toBe(201)
    starsBefore = star.body.star_count
    // A pipeline the leaver started, waiting for a runner, and one of the owner's.
    await pushFiles(owner, shared, { '.gitlab-ci.yml': CI_CONFIG })
    leaverPipeline = await createPipeline(leaver.token, shared.id)
    ownerPipeline = await createPipeline(owner.token, shared.id)
  })

  it('removes an identity: 204, then 404 Identity; 404 User for an unknown user; admins only', async () => {
    const linked = await api<UserJson & { identities: { provider: string }[] }>(
      `/users/${leaver.user.id}`,
      {
        method: 'PUT',
        token: rootToken(),
        body: { provider: 'ldapmain', extern_uid: `uid=${leaver.user.username}` },
      },
    )
    expect(linked.status).toBe(200)
    expect(linked.body.identities.map((i) => i.provider)).toEqual(['ldapmain'])
    const path = `/users/${leaver.user.id}/identities/ldapmain`
    expect((await api(path, { method: 'DELETE', token: owner.token })).body).toEqual(FORBIDDEN)
    expect((await api(path, { method: 'DELETE' })).body).toEqual(UNAUTHORIZED)
    const removed = await api(path, { method: 'DELETE', token: rootToken() })
    expect(removed.status).toBe(204)
    const read = await api<{ identities: unknown[] }>(`/users/${leaver.user.id}`, {
      token: rootToken(),
    })
    expect(read.body.identities).toEqual([])
    const again = await api(path, { method: 'DELETE', token: rootToken() })
    expect([again.status, again.body]).toEqual([404, notFound('Identity')])
    const unknown = await api('/users/999999999/identities/ldapmain', {
      method: 'DELETE',
      token: rootToken(),
    })
    expect([unknown.status, unknown.body]).toEqual([404, notFound('User')])
  })

  it('refuses non-admins (403), anonymous (401) and unknown users (404)', async () => {
    const path = `/users/${leaver.user.id}`
    expect((await api(path, { method: 'DELETE', token: owner.token })).body).toEqual(FORBIDDEN)
    expect((await api(path, { method: 'DELETE' })).body).toEqual(UNAUTHORIZED)
    const unknown = await api('/users/999999999', { method: 'DELETE', token: rootToken() })
    expect([unknown.status, unknown.body]).toEqual([404, notFound('User')])
  })

  it('moves contributions to the Ghost user and removes the rest', async () => {
    const deleted = await api(`/users/${leaver.user.id}`, { method: 'DELETE', token: rootToken() })
    expect([deleted.status, deleted.text]).toEqual([204, ''])
    // Blocked at once: its token no longer works.
    expect((await api('/user', { token: leaver.token })).status).toBe(401)

    const gone = await until(async () => {
      const user = await api(`/users/${leaver.user.id}`, { token: rootToken() })
      const project = await api(`/projects/${personal.id}`, { token: rootToken() })
      return user.status === 404 && project.status === 404
    })
    expect(gone).toBe(true)

    const ghosts = await api<UserJson[]>('/users', {
      token: rootToken(),
      query: { username: 'ghost' },
    })
    expect(ghosts.body).toHaveLength(1)
    const ghost = ghosts.body[0] as UserJson
    expect(ghost).toMatchObject({ username: 'ghost', name: 'Ghost User' })

    const moved = await until(async () => {
      const mr = await api<MergeRequestJson>(mrPath(shared.id, leaverMr.iid), {
        token: owner.token,
      })
      return mr.status === 200 && (mr.body.author as { id: number }).id === ghost.id
    })
    expect(moved).toBe(true)
    const notes = await api<NoteJson[]>(mrPath(shared.id, leaverMr.iid, '/notes'), {
      token: owner.token,
    })
    expect(notes.body.find((n) => n.id === note.id)?.author).toMatchObject({
      id: ghost.id,
      username: 'ghost',
    })
    const awards = await api<AwardJson[]>(mrPath(shared.id, leaverMr.iid, '/award_emoji'), {
      token: owner.token,
    })
    expect(awards.body.map((a) => a.user.id)).toEqual([ghost.id])
    // The issues move in the same job as the merge requests, a statement or two later.
    const issueMoved = await until(async () => {
      const issue = await api<{ author: { id: number }; assignees: unknown[] }>(
        `/projects/${shared.id}/issues/${leaverIssue.iid}`,
        { token: owner.token },
      )
      const assigned = await api<{ assignees: unknown[] }>(
        `/projects/${shared.id}/issues/${assignedIssue.iid}`,
        { token: owner.token },
      )
      return issue.body.author.id === ghost.id && assigned.body.assignees.length === 0
    })
    expect(issueMoved).toBe(true)
    const project = await api<{ star_count: number }>(`/projects/${shared.id}`, {
      token: owner.token,
    })
    expect(project.body.star_count).toBe(starsBefore - 1)
    const rows = await leftovers(leaver.user.id)
    if (rows) {
      expect(rows).toEqual({
        'identity.users': 0,
        'identity.members': 0,
        'identity.personal_access_tokens': 0,
        'projects.events': 0,
        'merge_requests.merge_requests': 0,
        'merge_requests.notes': 0,
        'merge_requests.issues': 0,
        'merge_requests.issue_assignees': 0,
      })
    }
    // Blocking the user dropped their pipeline (failed, user_blocked), now the Ghost user's.
    const readDropped = () => getPipeline(owner.token, shared.id, leaverPipeline.id)
    const pipelineMoved = await until(async () => {
      const pipeline = await readDropped()
      return (pipeline.user as { id: number } | undefined)?.id === ghost.id
    })
    expect(pipelineMoved).toBe(true)
    const dropped = await waitForStatus(readDropped, 'failed')
    expect(dropped.status).toBe('failed')
    const job = await jobNamed(owner.token, shared.id, leaverPipeline.id, 'test')
    expect([job.status, job.failure_reason]).toEqual(['failed', 'user_blocked'])
    expect((await getPipeline(owner.token, shared.id, ownerPipeline.id)).status).toBe('pending')
    // The Ghost user cannot be removed.
    const refused = await api(`/users/${ghost.id}`, { method: 'DELETE', token: rootToken() })
    expect([refused.status, refused.body]).toEqual([403, FORBIDDEN])
  })

  it('refuses the sole owner of a group (409), and hard_delete removes them, their group and their work', async () => {
    const path = `/users/${soleOwner.user.id}`
    const refused = await api(path, { method: 'DELETE', token: rootToken() })
    expect([refused.status, refused.body]).toEqual([409, SOLE_OWNER])
    expect((await api(path, { token: rootToken() })).status).toBe(200)
    expect((await api(`/groups/${soleGroup.id}`, { token: owner.token })).status).toBe(200)

    const deleted = await api(path, {
      method: 'DELETE',
      token: rootToken(),
      query: { hard_delete: true },
    })
    expect(deleted.status).toBe(204)
    expect((await api(`/groups/${soleGroup.id}`, { token: owner.token })).status).toBe(404)
    const gone = await until(async () => {
      const user = await api(path, { token: rootToken() })
      const mr = await api(mrPath(shared.id, soleOwnerMr.iid), { token: owner.token })
      return user.status === 404 && mr.status === 404
    })
    expect(gone).toBe(true)
    const rows = await leftovers(soleOwner.user.id)
    if (rows) expect(Object.values(rows).every((n) => n === 0)).toBe(true)
  })
})
