import { api } from './support/api'
import { createUserWithToken, uniqueName, type UserWithToken } from './support/factories'
import { cloneUrl, commitFile, gitOk, withTempDir } from './support/git'
import {
  branchHead,
  getMergeRequest,
  mrPath,
  waitForDiff,
  waitForMergeStatus,
  type MergeRequestJson,
} from './support/merge-requests'
import { createProject } from './support/projects'
import type { CommitJson, ProjectJson } from './support/types'

// Workers (diff collection with a fetch from the fork, merge status) on two shared cores.
jest.setTimeout(180_000)

// GitLab's merge requests from a fork (MergeRequest#validate_fork, fetch_ref!,
// MergeRequests::CreateService with target_project_id): the request lives in
// the upstream (its iid, its list), the fork's branch is fetched into the
// upstream's repository as refs/merge-requests/<iid>/head, a push to the fork
// refreshes it, and the upstream's Maintainer merges it into the upstream.

interface ChangesJson {
  changes: { new_path: string; diff: string }[]
}

describe('merge requests from a fork', () => {
  let owner: UserWithToken
  let forker: UserWithToken
  let stranger: UserWithToken
  let upstream: ProjectJson
  let fork: ProjectJson
  let mainSha: string

  beforeAll(async () => {
    ;[owner, forker, stranger] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    upstream = await createProject(owner.token, {
      visibility: 'public',
      initialize_with_readme: true,
    })
    mainSha = await branchHead(owner.token, upstream.id, 'main')
    const forked = await api<ProjectJson>(`/projects/${upstream.id}/fork`, {
      method: 'POST',
      token: forker.token,
    })
    expect(forked.status).toBe(201)
    fork = forked.body
  })

  /** Clones the fork as its owner, runs `work` in the working tree. */
  function inForkClone<T>(work: (tree: string) => Promise<T>): Promise<T> {
    return withTempDir(async (dir) => {
      const url = cloneUrl(fork.path_with_namespace, {
        username: forker.user.username,
        token: forker.token,
      })
      await gitOk(['clone', '-q', url, 'work'], dir)
      return work(`${dir}/work`)
    })
  }

  const create = (token: string, projectId: number, body: Record<string, unknown>) =>
    api<MergeRequestJson>(mrPath(projectId), { method: 'POST', token, body })

  it('opens, refreshes and merges a request from a pushed fork branch into the upstream', async () => {
    const branch = uniqueName('fork-mr')
    const first = await inForkClone(async (tree) => {
      await gitOk(['checkout', '-q', '-b', branch], tree)
      const sha = await commitFile(tree, 'from-fork.txt', 'made in the fork\n', 'Fork work')
      await gitOk(['push', '-q', 'origin', branch], tree)
      return sha
    })

    // The fork's owner is no member of the upstream: a public upstream lets them in.
    const res = await create(forker.token, fork.id, {
      source_branch: branch,
      target_branch: 'main',
      target_project_id: upstream.id,
      title: 'From the fork',
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      iid: 1,
      project_id: upstream.id,
      target_project_id: upstream.id,
      source_project_id: fork.id,
      source_branch: branch,
      target_branch: 'main',
      author: { id: forker.user.id },
    })
    const iid = res.body.iid

    // It lives in the upstream: read and listed there, not under the fork.
    const read = await getMergeRequest(owner.token, upstream.id, iid)
    expect(read.id).toBe(res.body.id)
    const upstreamList = await api<MergeRequestJson[]>(mrPath(upstream.id), { token: owner.token })
    expect(upstreamList.body.map((mr) => mr.id)).toEqual([res.body.id])
    const forkList = await api<MergeRequestJson[]>(mrPath(fork.id), { token: forker.token })
    expect(forkList.status).toBe(200)
    expect(forkList.body).toEqual([])

    // Compared in the upstream's repository with the fork's commit fetched there.
    const collected = await waitForDiff(owner.token, upstream.id, iid, first)
    expect(collected.diff_refs).toEqual({ base_sha: mainSha, head_sha: first, start_sha: mainSha })
    const commits = await api<CommitJson[]>(mrPath(upstream.id, iid, '/commits'), {
      token: owner.token,
    })
    expect(commits.body.map((commit) => commit.id)).toEqual([first])
    const changes = await api<ChangesJson>(mrPath(upstream.id, iid, '/changes'), {
      token: owner.token,
    })
    expect(changes.status).toBe(200)
    expect(changes.body.changes).toEqual([
      expect.objectContaining({
        new_path: 'from-fork.txt',
        diff: '@@ -0,0 +1 @@\n+made in the fork\n',
      }),
    ])
    const mergeable = await waitForMergeStatus(
      owner.token,
      upstream.id,
      iid,
      first,
      'can_be_merged',
    )
    expect(mergeable.detailed_merge_status).toBe('mergeable')

    // A push to the fork's branch refreshes the upstream's request.
    const second = await inForkClone(async (tree) => {
      await gitOk(['checkout', '-q', branch], tree)
      const sha = await commitFile(tree, 'from-fork.txt', 'made in the fork\nand more\n', 'More')
      await gitOk(['push', '-q', 'origin', branch], tree)
      return sha
    })
    await waitForDiff(owner.token, upstream.id, iid, second)
    const after = await api<CommitJson[]>(mrPath(upstream.id, iid, '/commits'), {
      token: owner.token,
    })
    expect(after.body.map((commit) => commit.id)).toEqual([second, first])
    await waitForMergeStatus(owner.token, upstream.id, iid, second, 'can_be_merged')

    // The fork's owner cannot merge into the upstream; its Maintainer (the owner) can.
    const refused = await api(mrPath(upstream.id, iid, '/merge'), {
      method: 'PUT',
      token: forker.token,
    })
    expect(refused.status).toBe(401)
    const merged = await api<MergeRequestJson>(mrPath(upstream.id, iid, '/merge'), {
      method: 'PUT',
      token: owner.token,
      body: { sha: second },
    })
    expect(merged.status).toBe(200)
    expect(merged.body.state).toBe('merged')
    const mergeCommit = merged.body.merge_commit_sha
    expect(await branchHead(owner.token, upstream.id, 'main')).toBe(mergeCommit)
    const commit = await api<CommitJson>(
      `/projects/${upstream.id}/repository/commits/${mergeCommit}`,
      { token: owner.token },
    )
    expect(commit.body.parent_ids).toEqual([mainSha, second])
    // The fork keeps its branch; the upstream never had it.
    expect(await branchHead(forker.token, fork.id, branch)).toBe(second)
    const noBranch = await api(
      `/projects/${upstream.id}/repository/branches/${encodeURIComponent(branch)}`,
      { token: owner.token },
    )
    expect(noBranch.status).toBe(404)
  })

  it("answers GitLab's refusals for a target that is not the fork's upstream, and for a stranger", async () => {
    const other = await createProject(owner.token, {
      visibility: 'public',
      initialize_with_readme: true,
    })
    const branch = uniqueName('fork-mr')
    await inForkClone(async (tree) => {
      await gitOk(['checkout', '-q', '-b', branch], tree)
      await commitFile(tree, 'refused.txt', 'no\n', 'Refused work')
      await gitOk(['push', '-q', 'origin', branch], tree)
    })
    const body = { source_branch: branch, target_branch: 'main', title: 'Elsewhere' }
    const unrelated = await create(forker.token, fork.id, { ...body, target_project_id: other.id })
    expect(unrelated.status).toBe(422)
    expect(unrelated.body).toEqual({
      message: ['Source project is not a fork of the target project'],
    })
    // A project the caller may not open requests in comes first: 403, as GitLab.
    const hidden = await createProject(owner.token, { visibility: 'private' })
    const inaccessible = await create(forker.token, fork.id, {
      ...body,
      target_project_id: hidden.id,
    })
    expect(inaccessible.status).toBe(403)
    // The upstream is no fork of its fork.
    const reversed = await create(owner.token, upstream.id, {
      ...body,
      source_branch: 'main',
      target_project_id: fork.id,
    })
    expect(reversed.status).toBe(422)
    // create_merge_request_from: a stranger may not open requests from someone's fork.
    const strangers = await create(stranger.token, fork.id, {
      ...body,
      target_project_id: upstream.id,
    })
    expect(strangers.status).toBe(403)
    // The fork's own branches may still target the fork itself.
    const inFork = await create(forker.token, fork.id, { ...body, target_project_id: fork.id })
    expect(inFork.status).toBe(201)
    expect(inFork.body).toMatchObject({ project_id: fork.id, source_project_id: fork.id })
  })

  it('closes the opened requests of a deleted fork into its upstream (Projects::UnlinkForkService)', async () => {
    const second = await api<ProjectJson>(`/projects/${upstream.id}/fork`, {
      method: 'POST',
      token: forker.token,
      body: { path: uniqueName('doomed'), name: uniqueName('Doomed') },
    })
    expect(second.status).toBe(201)
    const doomed = second.body
    const branch = uniqueName('fork-mr')
    await withTempDir(async (dir) => {
      const url = cloneUrl(doomed.path_with_namespace, {
        username: forker.user.username,
        token: forker.token,
      })
      await gitOk(['clone', '-q', url, 'work'], dir)
      const tree = `${dir}/work`
      await gitOk(['checkout', '-q', '-b', branch], tree)
      await commitFile(tree, 'doomed.txt', 'soon gone\n', 'Doomed work')
      await gitOk(['push', '-q', 'origin', branch], tree)
    })
    const opened = await create(forker.token, doomed.id, {
      source_branch: branch,
      target_branch: 'main',
      target_project_id: upstream.id,
      title: 'From a fork about to go',
    })
    expect(opened.status).toBe(201)
    const deleted = await api(`/projects/${doomed.id}`, { method: 'DELETE', token: forker.token })
    expect(deleted.status).toBe(202)
    let state = ''
    for (let attempt = 0; attempt < 100 && state !== 'closed'; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200))
      state = (await getMergeRequest(owner.token, upstream.id, opened.body.iid)).state
    }
    expect(state).toBe('closed')
  })
})
