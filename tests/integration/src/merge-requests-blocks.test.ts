import { api } from './support/api'
import { createUserWithToken, type UserWithToken } from './support/factories'
import { FORBIDDEN } from './support/gitlab-errors'
import {
  fieldTypeMismatches,
  MERGE_REQUEST_BASIC_FIELDS,
  mrPath,
  openMergeRequest,
  projectWithMain,
  type MergeRequestJson,
} from './support/merge-requests'
import { addProjectMember } from './support/projects'
import { DEVELOPER, GUEST, type ProjectJson } from './support/types'

// Workers (diff collection, merge status) on two shared cores: a test may wait on several.
jest.setTimeout(120_000)

interface BlockJson {
  id: number
  blocking_merge_request?: MergeRequestJson | null
  blocked_merge_request: MergeRequestJson
  project_id: number
  [field: string]: unknown
}

const MR_NOT_FOUND = [{ message: '404 Not found' }, { message: '404 Merge Request Not Found' }]

/**
 * Merge request dependencies: GET/POST .../blocks, DELETE .../blocks/:block_id
 * and GET .../blockees, with every case of the Errors table.
 * blocking_merge_request_id is the blocking request's global id.
 */
describe('merge request blocks', () => {
  let alice: UserWithToken
  let bob: UserWithToken
  let gus: UserWithToken
  let project: ProjectJson
  let hidden: ProjectJson
  let blocked: MergeRequestJson
  let blocking: MergeRequestJson
  let other: MergeRequestJson
  let secret: MergeRequestJson

  beforeAll(async () => {
    ;[alice, bob, gus] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    ;({ project } = await projectWithMain(alice, { visibility: 'public' }))
    ;({ project: hidden } = await projectWithMain(alice, { visibility: 'private' }))
    await addProjectMember(project.id, bob.user.id, DEVELOPER, alice.token)
    await addProjectMember(project.id, gus.user.id, GUEST, alice.token)
    blocked = (await openMergeRequest(alice.token, project.id, { title: 'Blocked one' })).mr
    blocking = (await openMergeRequest(alice.token, project.id, { title: 'Blocking one' })).mr
    other = (await openMergeRequest(alice.token, project.id, { title: 'Another' })).mr
    secret = (await openMergeRequest(alice.token, hidden.id, { title: 'Secret' })).mr
  }, 120_000)

  const blocks = (mr: MergeRequestJson, tail = '') =>
    mrPath(mr.project_id, mr.iid, `/blocks${tail}`)
  const post = (mr: MergeRequestJson, blockingId: unknown, token = alice.token) =>
    api<BlockJson>(blocks(mr), {
      method: 'POST',
      token,
      body: { blocking_merge_request_id: blockingId },
    })

  describe('POST .../blocks', () => {
    let created: BlockJson

    beforeAll(async () => {
      const res = await post(blocked, blocking.id)
      if (res.status !== 201) throw new Error(`create block: ${res.status} ${res.text}`)
      created = res.body
    })

    it('answers 201 with the block object: both merge requests and the project', () => {
      expect(created).toEqual({
        id: expect.any(Number),
        blocking_merge_request: expect.objectContaining({
          id: blocking.id,
          iid: blocking.iid,
          title: 'Blocking one',
        }),
        blocked_merge_request: expect.objectContaining({
          id: blocked.id,
          iid: blocked.iid,
          title: 'Blocked one',
        }),
        project_id: project.id,
      })
      expect(
        fieldTypeMismatches(created.blocked_merge_request, MERGE_REQUEST_BASIC_FIELDS),
      ).toEqual([])
    })

    it('GET .../blocks lists it; GET .../blockees of the blocking request lists it too', async () => {
      const list = await api<BlockJson[]>(blocks(blocked), { token: alice.token })
      expect(list.status).toBe(200)
      expect(list.body.map((block) => block.id)).toEqual([created.id])
      expect(list.body[0]?.blocking_merge_request?.id).toBe(blocking.id)

      const blockees = await api<BlockJson[]>(mrPath(project.id, blocking.iid, '/blockees'), {
        token: alice.token,
      })
      expect(blockees.status).toBe(200)
      expect(blockees.body.map((block) => [block.id, block.blocked_merge_request.id])).toEqual([
        [created.id, blocked.id],
      ])
      const none = await api<BlockJson[]>(mrPath(project.id, other.iid, '/blockees'), {
        token: alice.token,
      })
      expect(none.body).toEqual([])
    })

    it('an anonymous caller reads the blocks of a public project', async () => {
      const list = await api<BlockJson[]>(blocks(blocked))
      expect(list.status).toBe(200)
      expect(list.body.map((block) => block.id)).toEqual([created.id])
    })

    it('409 "Block already exists" for the same pair', async () => {
      const res = await post(blocked, blocking.id)
      expect(res.status).toBe(409)
      // GitLab's text after the status the spec puts first in every error message.
      expect(res.body).toEqual({ message: '409 Conflict - Block already exists' })
    })

    it('400 when the block fails to save: a request cannot block itself', async () => {
      const res = await post(other, other.id)
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ message: '400 Bad request - This block is self-referential' })
    })

    it('404 "Blocking merge request not found" for an id nobody has', async () => {
      const res = await post(other, 999999999)
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ message: '404 Blocking merge request Not Found' })
    })

    it('403 when the caller cannot read the blocking request (another, private project)', async () => {
      const res = await post(other, secret.id, bob.token)
      expect(res.status).toBe(403)
      expect(res.body).toEqual({
        message: '403 Forbidden - Lacking permissions to the blocking merge request',
      })
      const list = await api<BlockJson[]>(blocks(other), { token: alice.token })
      expect(list.body).toEqual([])
    })

    it('404 for an unknown merge request iid', async () => {
      const res = await api(mrPath(project.id, 999999, '/blocks'), {
        method: 'POST',
        token: alice.token,
        body: { blocking_merge_request_id: blocking.id },
      })
      expect(res.status).toBe(404)
      expect(MR_NOT_FOUND).toContainEqual(res.body)
    })

    it('400 without blocking_merge_request_id', async () => {
      const res = await api<{ error?: string }>(blocks(other), {
        method: 'POST',
        token: alice.token,
        body: {},
      })
      expect(res.status).toBe(400)
      expect(String(res.body.error)).toContain('blocking_merge_request_id')
    })

    it('401 without a token', async () => {
      const res = await api(blocks(other), {
        method: 'POST',
        body: { blocking_merge_request_id: blocking.id },
      })
      expect(res.status).toBe(401)
    })
  })

  describe('cross-project blocks and DELETE .../blocks/:block_id', () => {
    let secretBlock: BlockJson
    let plainBlock: BlockJson
    let target: MergeRequestJson

    beforeAll(async () => {
      target = (await openMergeRequest(alice.token, project.id, { title: 'Target' })).mr
      const first = await post(target, secret.id)
      const second = await post(target, other.id)
      if (first.status !== 201 || second.status !== 201) {
        throw new Error(`blocks: ${first.status} ${first.text} / ${second.status} ${second.text}`)
      }
      secretBlock = first.body
      plainBlock = second.body
    })

    it('a caller who can read the other project sees the blocking request there', () => {
      expect(secretBlock.blocking_merge_request?.id).toBe(secret.id)
      expect(secretBlock.blocking_merge_request?.project_id).toBe(hidden.id)
    })

    it('a caller who cannot read the blocking request gets the block without it', async () => {
      const list = await api<BlockJson[]>(blocks(target), { token: bob.token })
      expect(list.status).toBe(200)
      const hiddenOne = list.body.find((block) => block.id === secretBlock.id) as BlockJson
      expect(hiddenOne.blocked_merge_request.id).toBe(target.id)
      expect(hiddenOne.blocking_merge_request ?? null).toBeNull()
      expect(JSON.stringify(hiddenOne)).not.toContain('Secret')
      const visible = list.body.find((block) => block.id === plainBlock.id) as BlockJson
      expect(visible.blocking_merge_request?.id).toBe(other.id)
    })

    it('403 deleting when the caller cannot read the blocking request', async () => {
      const res = await api(blocks(target, `/${secretBlock.id}`), {
        method: 'DELETE',
        token: bob.token,
      })
      expect(res.status).toBe(403)
      expect(res.body).toEqual(FORBIDDEN)
    })

    it('403 deleting when the caller may read but not update the merge request (Guest)', async () => {
      const res = await api(blocks(target, `/${plainBlock.id}`), {
        method: 'DELETE',
        token: gus.token,
      })
      expect(res.status).toBe(403)
      expect(res.body).toEqual(FORBIDDEN)
    })

    it('204 with no body for a caller who may update it and read the blocking one; then it is gone', async () => {
      const res = await api(blocks(target, `/${plainBlock.id}`), {
        method: 'DELETE',
        token: bob.token,
      })
      expect(res.status).toBe(204)
      expect(res.text).toBe('')
      const list = await api<BlockJson[]>(blocks(target), { token: alice.token })
      expect(list.body.map((block) => block.id)).toEqual([secretBlock.id])
      const again = await api(blocks(target, `/${plainBlock.id}`), {
        method: 'DELETE',
        token: bob.token,
      })
      expect(again.status).toBe(404)
    })

    it('404 for a block id that does not exist or belongs to another request', async () => {
      for (const id of [999999999, secretBlock.id]) {
        const mr = id === secretBlock.id ? other : target
        const res = await api(blocks(mr, `/${id}`), { method: 'DELETE', token: alice.token })
        expect([id, res.status]).toEqual([id, 404])
      }
    })

    it('the owner deletes the cross-project block (204)', async () => {
      const res = await api(blocks(target, `/${secretBlock.id}`), {
        method: 'DELETE',
        token: alice.token,
      })
      expect(res.status).toBe(204)
      const list = await api<BlockJson[]>(blocks(target), { token: alice.token })
      expect(list.body).toEqual([])
    })
  })
})
