import { api } from './support/api'
import { uniqueName } from './support/factories'
import { FORBIDDEN, UNAUTHORIZED } from './support/gitlab-errors'
import {
  branchHead,
  createMergeRequest,
  featureBranch,
  mrPath,
  waitForMergeStatus,
  type MergeRequestJson,
} from './support/merge-requests'
import { castRoles, projectForCast, type RoleCast } from './support/projects'
import { rootToken } from './support/suite-state'
import type { ProjectJson } from './support/types'

// Workers (diff collection, merge status) on two shared cores: a test may wait on several.
jest.setTimeout(120_000)

/**
 * Who may read, create, update, close, merge and delete merge requests, for
 * every kind of caller on private, internal and public projects. GitLab: a
 * project the caller cannot see is 404; a Guest of a private project may not
 * read its merge requests (403 reading, 404 from merge and delete, which find
 * the request through MergeRequestsFinder); writes need Developer (update, close, merge)
 * or Owner (delete); merge answers 401 to whoever may not merge; any write
 * without a token is 401.
 */
const ROLES = [
  'anonymous',
  'stranger',
  'guest',
  'reporter',
  'developer',
  'maintainer',
  'owner',
  'admin',
] as const
type Role = (typeof ROLES)[number]
type Visibility = 'private' | 'internal' | 'public'
type Operation = 'read' | 'create' | 'update' | 'close' | 'merge' | 'delete'

const PROJECT_NOT_FOUND = { message: '404 Project Not Found' }
const MERGE_REQUEST_NOT_FOUND = { message: '404 Merge Request Not Found' }

/** The expected status per operation, visibility and role. */
function expectedStatus(operation: Operation, visibility: Visibility, role: Role): number {
  if (operation === 'read') {
    if (role === 'anonymous') return visibility === 'public' ? 200 : 404
    if (role === 'stranger') return visibility === 'private' ? 404 : 200
    // Guests see merge requests of public and internal projects only.
    return role === 'guest' && visibility === 'private' ? 403 : 200
  }
  if (role === 'anonymous') return 401
  if (role === 'stranger' && visibility === 'private') return 404
  // Merge and delete find the request with MergeRequestsFinder, which hides
  // the requests of a private project from its Guests: 404 Merge Request.
  if (
    (operation === 'merge' || operation === 'delete') &&
    role === 'guest' &&
    visibility === 'private'
  )
    return 404
  const developerUp = ['developer', 'maintainer', 'owner', 'admin'].includes(role)
  switch (operation) {
    case 'create':
      return developerUp ? 201 : 403
    case 'update':
    case 'close':
      return developerUp ? 200 : 403
    case 'merge':
      // main is protected for Maintainers (GitLab's default branch protection):
      // a Developer may not merge into it, can_be_merged_by? is false: 401.
      return developerUp && role !== 'developer' ? 200 : 401
    case 'delete':
      return role === 'owner' || role === 'admin' ? 204 : 403
    default:
      return 0
  }
}

/**
 * The body that goes with a refusal: 404 is the project's for a caller who
 * cannot see it, the merge request's for a member who cannot read requests.
 */
function expectBody(status: number, body: unknown, role?: Role): void {
  if (status === 401) expect(body).toEqual(UNAUTHORIZED)
  else if (status === 403) expect(body).toEqual(FORBIDDEN)
  else if (status === 404 && role === 'guest') expect(body).toEqual(MERGE_REQUEST_NOT_FOUND)
  else if (status === 404) expect(body).toEqual(PROJECT_NOT_FOUND)
}

const WRITERS: Role[] = ['developer', 'maintainer', 'owner', 'admin']

describe('merge request permissions', () => {
  let cast: RoleCast

  beforeAll(async () => {
    cast = await castRoles()
  })

  const tokenOf = (role: Role): string | undefined => {
    if (role === 'anonymous') return undefined
    if (role === 'admin') return rootToken()
    return cast[role].token
  }

  describe.each(['private', 'internal', 'public'] as const)('a %s project', (visibility) => {
    let project: ProjectJson
    let readable: MergeRequestJson
    let closable: MergeRequestJson
    let refused: MergeRequestJson
    const mergeable: Partial<Record<Role, MergeRequestJson>> = {}
    const deletable: Partial<Record<Role, MergeRequestJson>> = {}
    const createBranch: Partial<Record<Role, string>> = {}

    beforeAll(async () => {
      project = await projectForCast(cast, { visibility, initialize_with_readme: true })
      const open = async (title: string) => {
        const branch = uniqueName('perm')
        const head = await featureBranch(cast.owner.token, project.id, branch)
        const mr = await createMergeRequest(cast.owner.token, project.id, {
          source_branch: branch,
          target_branch: 'main',
          title,
        })
        return { mr, head }
      }
      readable = (await open('Readable')).mr
      closable = (await open('Closable')).mr
      const refusedOne = await open('Refused merge')
      refused = refusedOne.mr
      const ready = [refusedOne]
      for (const role of WRITERS) {
        const one = await open(`Merged by ${role}`)
        mergeable[role] = one.mr
        ready.push(one)
        const branch = uniqueName(`create-${role}`)
        createBranch[role] = branch
        await featureBranch(cast.owner.token, project.id, branch)
      }
      for (const role of ['owner', 'admin'] as const)
        deletable[role] = (await open(`Delete ${role}`)).mr
      await Promise.all(
        ready.map(({ mr, head }) =>
          waitForMergeStatus(cast.owner.token, project.id, mr.iid, head, 'can_be_merged'),
        ),
      )
    }, 240_000)

    it.each(ROLES)('read (single and list): %s', async (role) => {
      const status = expectedStatus('read', visibility, role)
      const one = await api<MergeRequestJson>(mrPath(project.id, readable.iid), {
        token: tokenOf(role),
      })
      expect([role, one.status]).toEqual([role, status])
      expectBody(status, one.body)
      const list = await api<MergeRequestJson[]>(mrPath(project.id), { token: tokenOf(role) })
      if (status === 200) {
        expect(list.status).toBe(200)
        expect(list.body.map((mr) => mr.id)).toContain(readable.id)
      } else {
        expect(list.status).toBe(status)
        expectBody(status, list.body)
      }
    })

    it.each(ROLES)('create: %s', async (role) => {
      const status = expectedStatus('create', visibility, role)
      const res = await api<MergeRequestJson>(mrPath(project.id), {
        method: 'POST',
        token: tokenOf(role),
        body: {
          source_branch: createBranch[role] ?? 'main-does-not-matter',
          target_branch: 'main',
          title: `Created by ${role}`,
        },
      })
      expect([role, res.status]).toEqual([role, status])
      if (status === 201) expect(res.body.title).toBe(`Created by ${role}`)
      else expectBody(status, res.body, role)
    })

    it.each(ROLES)('update: %s', async (role) => {
      const status = expectedStatus('update', visibility, role)
      const res = await api<MergeRequestJson>(mrPath(project.id, readable.iid), {
        method: 'PUT',
        token: tokenOf(role),
        body: { title: `Edited by ${role}` },
      })
      expect([role, res.status]).toEqual([role, status])
      if (status === 200) expect(res.body.title).toBe(`Edited by ${role}`)
      else expectBody(status, res.body, role)
    })

    it.each(ROLES)('close: %s', async (role) => {
      const status = expectedStatus('close', visibility, role)
      const res = await api<MergeRequestJson>(mrPath(project.id, closable.iid), {
        method: 'PUT',
        token: tokenOf(role),
        body: { state_event: 'close' },
      })
      expect([role, res.status]).toEqual([role, status])
      if (status === 200) {
        expect(res.body.state).toBe('closed')
        const reopened = await api<MergeRequestJson>(mrPath(project.id, closable.iid), {
          method: 'PUT',
          token: cast.owner.token,
          body: { state_event: 'reopen' },
        })
        expect(reopened.body.state).toBe('opened')
      } else {
        expectBody(status, res.body, role)
      }
    })

    it.each(ROLES)('merge: %s', async (role) => {
      const status = expectedStatus('merge', visibility, role)
      const target = mergeable[role] ?? refused
      const res = await api<MergeRequestJson>(mrPath(project.id, target.iid, '/merge'), {
        method: 'PUT',
        token: tokenOf(role),
      })
      expect([role, res.status]).toEqual([role, status])
      if (status === 200) expect(res.body.state).toBe('merged')
      else expectBody(status, res.body, role)
    })

    it('the refused merges left their request open, its branch unmerged', async () => {
      const res = await api<MergeRequestJson>(mrPath(project.id, refused.iid), {
        token: cast.owner.token,
      })
      expect(res.body.state).toBe('opened')
      const head = await branchHead(cast.owner.token, project.id, refused.source_branch)
      const compare = await api<{ parent_ids: string[] }>(
        `/projects/${project.id}/repository/commits/main`,
        { token: cast.owner.token },
      )
      expect(compare.body.parent_ids).not.toContain(head)
    })

    it.each(ROLES)('delete: %s', async (role) => {
      const status = expectedStatus('delete', visibility, role)
      const target = deletable[role] ?? readable
      const res = await api(mrPath(project.id, target.iid), {
        method: 'DELETE',
        token: tokenOf(role),
      })
      expect([role, res.status]).toEqual([role, status])
      if (status === 204) {
        const gone = await api(mrPath(project.id, target.iid), { token: cast.owner.token })
        expect(gone.status).toBe(404)
      } else {
        expectBody(status, res.body, role)
      }
    })
  })

  it('a bad token is 401 even on a public project', async () => {
    const project = await projectForCast(cast, { visibility: 'public' })
    const res = await api(mrPath(project.id), { token: 'not-a-real-token' })
    expect(res.status).toBe(401)
    expect(res.body).toEqual(UNAUTHORIZED)
  })
})
