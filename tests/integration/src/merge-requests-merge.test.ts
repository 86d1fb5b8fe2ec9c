import { api, eventually } from './support/api'
import { createUserWithToken, uniqueName, type UserWithToken } from './support/factories'
import {
  branchHead,
  commitTo,
  createMergeRequest,
  featureBranch,
  ISO_TIME,
  mrPath,
  projectWithMain,
  SHA,
  userRef,
  waitForMergeStatus,
  type MergeRequestJson,
} from './support/merge-requests'
import { addProjectMember, letDevelopersMerge, waitForEvent } from './support/projects'
import { DEVELOPER, REPORTER, type CommitJson, type ProjectJson } from './support/types'

// Workers (diff collection, merge status) on two shared cores: a test may wait on several.
jest.setTimeout(120_000)

const NOT_ALLOWED = { message: '405 Method Not Allowed' }
// A request that is open but cannot be merged as it stands (conflicts, or a
// fast-forward or semi-linear project whose target moved): GitLab 17 answers
// 422 "Branch cannot be merged", GitLab 18 folds it into 405.
const CANNOT_MERGE = [
  [405, NOT_ALLOWED],
  [422, { message: 'Branch cannot be merged' }],
]

/**
 * PUT .../merge by the project's merge_method (merge, rebase_merge, ff), with
 * squash and squash_option, should_remove_source_branch, the sha guard, the
 * errors GitLab gives when it cannot merge, and the activity events.
 */
describe('merging merge requests', () => {
  let owner: UserWithToken
  let dev: UserWithToken
  let reporter: UserWithToken

  beforeAll(async () => {
    ;[owner, dev, reporter] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
  })

  /** A project of `owner` with dev and reporter as members, and the given merge settings. */
  async function mergeProject(settings: Record<string, unknown> = {}): Promise<ProjectJson> {
    const { project } = await projectWithMain(owner)
    await addProjectMember(project.id, dev.user.id, DEVELOPER, owner.token)
    await addProjectMember(project.id, reporter.user.id, REPORTER, owner.token)
    // main is protected for Maintainers from the start; Developers merge here.
    await letDevelopersMerge(owner.token, project.id, 'main')
    if (Object.keys(settings).length > 0) {
      const res = await api<ProjectJson>(`/projects/${project.id}`, {
        method: 'PUT',
        token: owner.token,
        body: settings,
      })
      if (res.status !== 200) throw new Error(`PUT project: ${res.status} ${res.text}`)
      expect(res.body).toMatchObject(settings)
    }
    return project
  }

  /** A branch with `commits` commits on main and a merge request from it, ready to merge. */
  async function readyMergeRequest(
    project: ProjectJson,
    attributes: Record<string, unknown> = {},
    commits = 1,
  ) {
    const branch = uniqueName('merge')
    let head = await featureBranch(owner.token, project.id, branch)
    for (let i = 1; i < commits; i += 1) {
      head = await commitTo(owner.token, project.id, branch, [
        { action: 'create', file_path: `${branch}-${i}.txt`, content: `${i}\n` },
      ])
    }
    const created = await createMergeRequest(owner.token, project.id, {
      source_branch: branch,
      target_branch: 'main',
      title: `Merge ${branch}`,
      ...attributes,
    })
    await waitForMergeStatus(owner.token, project.id, created.iid, head, 'can_be_merged')
    return { mr: created, branch, head }
  }

  const merge = (
    project: ProjectJson,
    mr: MergeRequestJson,
    body: Record<string, unknown> = {},
    token = dev.token,
  ) => api<MergeRequestJson>(mrPath(project.id, mr.iid, '/merge'), { method: 'PUT', token, body })

  async function commit(project: ProjectJson, sha: string): Promise<CommitJson> {
    const res = await api<CommitJson>(`/projects/${project.id}/repository/commits/${sha}`, {
      token: owner.token,
    })
    expect(res.status).toBe(200)
    return res.body
  }

  describe('merge_method merge (the default)', () => {
    let project: ProjectJson

    beforeAll(async () => {
      project = await mergeProject()
    })

    it('creates a merge commit on the target with the source head as second parent', async () => {
      const before = await branchHead(owner.token, project.id, 'main')
      const { mr, head, branch } = await readyMergeRequest(project)
      const res = await merge(project, mr, { sha: head })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ id: mr.id, state: 'merged', sha: head })
      expect(res.body.merged_at).toMatch(ISO_TIME)
      expect(res.body.merge_user).toEqual(userRef(dev.user))
      expect(res.body.merged_by).toEqual(userRef(dev.user))
      expect(res.body.merge_commit_sha).toMatch(SHA)
      expect(res.body.squash_commit_sha).toBeNull()

      const main = await branchHead(owner.token, project.id, 'main')
      expect(main).toBe(res.body.merge_commit_sha)
      expect((await commit(project, main)).parent_ids).toEqual([before, head])
      // Without remove_source_branch at creation the project's
      // remove_source_branch_after_merge (default true) set
      // force_remove_source_branch (MergeRequests::BuildService): the branch goes.
      expect(res.body.force_remove_source_branch).toBe(true)
      const gone = await api(
        `/projects/${project.id}/repository/branches/${encodeURIComponent(branch)}`,
        { token: owner.token },
      )
      expect(gone.status).toBe(404)

      const single = await api<MergeRequestJson>(mrPath(project.id, mr.iid), { token: dev.token })
      expect(single.body).toMatchObject({
        state: 'merged',
        merge_commit_sha: main,
        detailed_merge_status: 'not_open',
      })
    })

    it('squash=true squashes the branch into one commit before the merge commit', async () => {
      const before = await branchHead(owner.token, project.id, 'main')
      const { mr, head } = await readyMergeRequest(project, {}, 3)
      const res = await merge(project, mr, { squash: true })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ state: 'merged', squash: true })
      const squash = res.body.squash_commit_sha as string
      expect(squash).toMatch(SHA)
      expect(squash).not.toBe(head)
      expect((await commit(project, squash)).parent_ids).toEqual([before])
      const main = await branchHead(owner.token, project.id, 'main')
      expect(main).toBe(res.body.merge_commit_sha)
      expect((await commit(project, main)).parent_ids).toEqual([before, squash])
    })

    it('should_remove_source_branch=true deletes the source branch', async () => {
      const { mr, branch } = await readyMergeRequest(project)
      const res = await merge(project, mr, { should_remove_source_branch: true })
      expect(res.status).toBe(200)
      expect(res.body.should_remove_source_branch).toBe(true)
      const removed = await eventually(async () => {
        const branchRes = await api(
          `/projects/${project.id}/repository/branches/${encodeURIComponent(branch)}`,
          { token: owner.token },
        )
        return branchRes.status === 404
      }, 20_000)
      expect(removed).toBe(true)
    })

    it('remove_source_branch set on the request (force_remove_source_branch) deletes it too', async () => {
      const { mr, branch } = await readyMergeRequest(project, { remove_source_branch: true })
      expect(mr.force_remove_source_branch).toBe(true)
      expect((await merge(project, mr)).status).toBe(200)
      const removed = await eventually(async () => {
        const branchRes = await api(
          `/projects/${project.id}/repository/branches/${encodeURIComponent(branch)}`,
          { token: owner.token },
        )
        return branchRes.status === 404
      }, 20_000)
      expect(removed).toBe(true)
    })

    it('409 when sha is not the source head; the request stays open', async () => {
      const { mr, head } = await readyMergeRequest(project)
      const res = await merge(project, mr, { sha: '0'.repeat(40) })
      expect(res.status).toBe(409)
      expect(res.body).toEqual({ message: `SHA does not match HEAD of source branch: ${head}` })
      const single = await api<MergeRequestJson>(mrPath(project.id, mr.iid), { token: dev.token })
      expect(single.body.state).toBe('opened')
    })

    it('405 for a closed, a draft and an already merged request', async () => {
      const closed = await readyMergeRequest(project)
      await api(mrPath(project.id, closed.mr.iid), {
        method: 'PUT',
        token: owner.token,
        body: { state_event: 'close' },
      })
      const closedRes = await merge(project, closed.mr)
      expect(closedRes.status).toBe(405)
      expect(closedRes.body).toEqual(NOT_ALLOWED)

      const draft = await readyMergeRequest(project, { title: 'Draft: not yet' })
      const draftRes = await merge(project, draft.mr)
      expect(draftRes.status).toBe(405)
      expect(draftRes.body).toEqual(NOT_ALLOWED)

      const done = await readyMergeRequest(project)
      expect((await merge(project, done.mr)).status).toBe(200)
      const again = await merge(project, done.mr)
      expect(again.status).toBe(405)
      expect(again.body).toEqual(NOT_ALLOWED)
    })

    it('405 (or GitLab 17’s 422) for a request with conflicts', async () => {
      const branch = uniqueName('clash')
      const file = `${branch}.txt`
      await commitTo(owner.token, project.id, 'main', [
        { action: 'create', file_path: file, content: 'base\n' },
      ])
      const head = await featureBranch(owner.token, project.id, branch, [
        { action: 'update', file_path: file, content: 'branch\n' },
      ])
      const clash = await createMergeRequest(owner.token, project.id, {
        source_branch: branch,
        target_branch: 'main',
        title: 'Clash',
      })
      await commitTo(owner.token, project.id, 'main', [
        { action: 'update', file_path: file, content: 'main\n' },
      ])
      await waitForMergeStatus(owner.token, project.id, clash.iid, head, 'cannot_be_merged')
      const res = await merge(project, clash)
      expect(CANNOT_MERGE).toContainEqual([res.status, res.body])
    })

    it('401 for a Reporter, who may not push to the target branch', async () => {
      const { mr } = await readyMergeRequest(project)
      const res = await merge(project, mr, {}, reporter.token)
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: '401 Unauthorized' })
    })

    it('404 for an unknown iid', async () => {
      const res = await api(mrPath(project.id, 999999, '/merge'), {
        method: 'PUT',
        token: dev.token,
      })
      expect(res.status).toBe(404)
    })
  })

  describe('merge_method rebase_merge (semi-linear history)', () => {
    let project: ProjectJson

    beforeAll(async () => {
      project = await mergeProject({ merge_method: 'rebase_merge' })
    })

    it('merges a branch that is up to date with a merge commit', async () => {
      const before = await branchHead(owner.token, project.id, 'main')
      const { mr, head } = await readyMergeRequest(project)
      const res = await merge(project, mr)
      expect(res.status).toBe(200)
      expect(res.body.state).toBe('merged')
      const main = await branchHead(owner.token, project.id, 'main')
      expect(main).toBe(res.body.merge_commit_sha)
      expect((await commit(project, main)).parent_ids).toEqual([before, head])
    })

    it('refuses (405, or 422) a branch the target has moved past: it needs a rebase', async () => {
      const { mr } = await readyMergeRequest(project)
      const moved = await commitTo(owner.token, project.id, 'main', [
        { action: 'create', file_path: `${uniqueName('moved')}.txt`, content: 'm\n' },
      ])
      const res = await merge(project, mr)
      expect(CANNOT_MERGE).toContainEqual([res.status, res.body])
      expect(await branchHead(owner.token, project.id, 'main')).toBe(moved)
    })
  })

  describe('merge_method ff (fast-forward only)', () => {
    let project: ProjectJson

    beforeAll(async () => {
      project = await mergeProject({ merge_method: 'ff' })
    })

    it('fast-forwards the target to the source head, no merge commit', async () => {
      const { mr, head } = await readyMergeRequest(project, {}, 2)
      const res = await merge(project, mr)
      expect(res.status).toBe(200)
      expect(res.body.state).toBe('merged')
      expect(await branchHead(owner.token, project.id, 'main')).toBe(head)
    })

    it('with squash: the target becomes the one squash commit on top of the old target', async () => {
      const before = await branchHead(owner.token, project.id, 'main')
      const { mr, head } = await readyMergeRequest(project, {}, 3)
      const res = await merge(project, mr, { squash: true })
      expect(res.status).toBe(200)
      const squash = res.body.squash_commit_sha as string
      expect(squash).toMatch(SHA)
      expect(squash).not.toBe(head)
      expect(await branchHead(owner.token, project.id, 'main')).toBe(squash)
      expect((await commit(project, squash)).parent_ids).toEqual([before])
    })

    it('refuses (405, or 422) when the target has moved and fast-forward is impossible', async () => {
      const { mr } = await readyMergeRequest(project)
      const moved = await commitTo(owner.token, project.id, 'main', [
        { action: 'create', file_path: `${uniqueName('moved')}.txt`, content: 'm\n' },
      ])
      const res = await merge(project, mr)
      expect(CANNOT_MERGE).toContainEqual([res.status, res.body])
      expect(await branchHead(owner.token, project.id, 'main')).toBe(moved)
    })
  })

  describe('squash_option', () => {
    it('always: squash_on_merge is true and the merge squashes without asking', async () => {
      const project = await mergeProject({ squash_option: 'always' })
      const { mr } = await readyMergeRequest(project, {}, 2)
      expect(mr.squash_on_merge).toBe(true)
      const res = await merge(project, mr)
      expect(res.status).toBe(200)
      expect(res.body.squash_commit_sha).toMatch(SHA)
    })

    it('never: squash_on_merge is false even when squash is asked for', async () => {
      const project = await mergeProject({ squash_option: 'never' })
      const { mr } = await readyMergeRequest(project, { squash: true }, 2)
      expect(mr.squash_on_merge).toBe(false)
      const res = await merge(project, mr)
      expect(res.status).toBe(200)
      expect(res.body.squash_commit_sha).toBeNull()
    })
  })

  describe('activity events', () => {
    it('records opened, closed, reopened and merged (action_name accepted) with the request as target', async () => {
      const project = await mergeProject()
      const { mr, head } = await readyMergeRequest(project)
      const events = `/projects/${project.id}/events`
      const put = (state_event: string) =>
        api(mrPath(project.id, mr.iid), { method: 'PUT', token: dev.token, body: { state_event } })
      expect((await put('close')).status).toBe(200)
      expect((await put('reopen')).status).toBe(200)
      await waitForMergeStatus(owner.token, project.id, mr.iid, head, 'can_be_merged')
      expect((await merge(project, mr)).status).toBe(200)

      const target = {
        target_id: mr.id,
        target_iid: mr.iid,
        target_type: 'MergeRequest',
        target_title: mr.title,
      }
      const opened = await waitForEvent(events, owner.token, (e) => e.target_id === mr.id, {
        action: 'created',
        target_type: 'merge_request',
      })
      expect(opened).toMatchObject({ ...target, action_name: 'opened', author_id: owner.user.id })
      const closed = await waitForEvent(events, owner.token, (e) => e.target_id === mr.id, {
        action: 'closed',
      })
      expect(closed).toMatchObject({ ...target, action_name: 'closed', author_id: dev.user.id })
      const reopened = await waitForEvent(events, owner.token, (e) => e.target_id === mr.id, {
        action: 'reopened',
      })
      expect(reopened).toMatchObject({ ...target, action_name: 'opened', author_id: dev.user.id })
      const merged = await waitForEvent(events, owner.token, (e) => e.target_id === mr.id, {
        action: 'merged',
      })
      expect(merged).toMatchObject({ ...target, action_name: 'accepted', author_id: dev.user.id })
      const mine = await waitForEvent(
        `/users/${dev.user.id}/events`,
        dev.token,
        (e) => e.target_id === mr.id && e.action_name === 'accepted',
      )
      expect(mine?.project_id).toBe(project.id)
    })
  })
})
