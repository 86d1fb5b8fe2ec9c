import { api } from './support/api'
import { getPipeline, waitForStatus, type PipelineJson } from './support/ci-jobs'
import { createUserWithToken, uniqueName, type UserWithToken } from './support/factories'
import {
  createMergeRequest,
  featureBranch,
  ISO_TIME,
  mrPath,
  projectWithMain,
  userRef,
  waitForDiff,
  waitForMergeRequest,
  type MergeRequestJson,
} from './support/merge-requests'
import { addProjectMember, letDevelopersMerge } from './support/projects'
import { DEVELOPER, REPORTER, type ProjectJson } from './support/types'

// Workers (diff collection, head pipelines, auto-merge) on two shared cores.
jest.setTimeout(150_000)

interface CommitStatusJson {
  id: number
  sha: string
  ref: string
  status: string
  name: string
  target_url: string | null
  description: string | null
  created_at: string
  started_at: string | null
  finished_at: string | null
  allow_failure: boolean
  coverage: number | null
  pipeline_id: number
  author: unknown
}

interface HeadPipelineJson extends MergeRequestJson {
  merge_when_pipeline_succeeds: boolean
  head_pipeline: { id: number; status: string; source: string } | null
}

/**
 * Commit statuses an external CI reports (POST /projects/:id/statuses/:sha,
 * GET .../repository/commits/:sha/statuses): they form an external pipeline
 * of the commit, which becomes the merge request's head pipeline and drives
 * its auto-merge. The project has no .gitlab-ci.yml, so no other pipeline runs.
 */
describe('commit statuses', () => {
  let owner: UserWithToken
  let developer: UserWithToken
  let reporter: UserWithToken
  let project: ProjectJson

  beforeAll(async () => {
    ;[owner, developer, reporter] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    ;({ project } = await projectWithMain(owner))
    await addProjectMember(project.id, developer.user.id, DEVELOPER, owner.token)
    await addProjectMember(project.id, reporter.user.id, REPORTER, owner.token)
    // main is protected for Maintainers from the start; Developers merge here.
    await letDevelopersMerge(owner.token, project.id, 'main')
  }, 60_000)

  const post = (token: string, sha: string, body: Record<string, unknown>) =>
    api<CommitStatusJson & { message?: unknown; error?: string }>(
      `/projects/${project.id}/statuses/${sha}`,
      { method: 'POST', token, body },
    )
  const list = (token: string, sha: string, query: Record<string, string | number> = {}) =>
    api<CommitStatusJson[]>(`/projects/${project.id}/repository/commits/${sha}/statuses`, {
      token,
      query,
    })

  it('drives a merge request through an external pipeline to auto-merge', async () => {
    const branch = uniqueName('ext')
    const head = await featureBranch(owner.token, project.id, branch)
    const created = await createMergeRequest(owner.token, project.id, {
      source_branch: branch,
      target_branch: 'main',
      title: `External CI ${branch}`,
    })
    await waitForDiff(owner.token, project.id, created.iid, head)

    // No ref: the branch holding the commit.
    const pending = await post(developer.token, head, {
      state: 'pending',
      context: 'ext/build',
      target_url: 'https://ci.example/builds/1',
      description: 'queued',
    })
    expect(pending.status).toBe(201)
    expect(pending.body).toEqual({
      id: expect.any(Number),
      sha: head,
      ref: branch,
      status: 'pending',
      name: 'ext/build',
      target_url: 'https://ci.example/builds/1',
      description: 'queued',
      created_at: expect.stringMatching(ISO_TIME),
      started_at: null,
      finished_at: null,
      allow_failure: false,
      coverage: null,
      pipeline_id: expect.any(Number),
      author: userRef(developer.user),
    })
    const pipelineId = pending.body.pipeline_id

    const listed = await api<PipelineJson[]>(`/projects/${project.id}/pipelines`, {
      token: owner.token,
      query: { source: 'external' },
    })
    expect(listed.body.map((pipeline) => [pipeline.id, pipeline.sha, pipeline.ref])).toEqual([
      [pipelineId, head, branch],
    ])

    const withHead = (await waitForMergeRequest(
      owner.token,
      project.id,
      created.iid,
      `head pipeline ${pipelineId}`,
      (seen) => (seen as HeadPipelineJson).head_pipeline?.id === pipelineId,
    )) as HeadPipelineJson
    expect(withHead.head_pipeline).toEqual(
      expect.objectContaining({ id: pipelineId, status: 'pending', source: 'external' }),
    )

    const running = await post(developer.token, head, { state: 'running', name: 'ext/build' })
    expect([running.status, running.body.id, running.body.status]).toEqual([
      201,
      pending.body.id,
      'running',
    ])
    expect(running.body.started_at).toMatch(ISO_TIME)
    const again = await post(developer.token, head, { state: 'running', name: 'ext/build' })
    expect(again.status).toBe(400)
    expect(again.body).toEqual({
      message:
        'Cannot transition status via :run from :running (Reason(s): Status cannot transition via "run")',
    })

    const auto = await api<HeadPipelineJson>(mrPath(project.id, created.iid, '/merge'), {
      method: 'PUT',
      token: developer.token,
      body: { merge_when_pipeline_succeeds: true, sha: head },
    })
    expect([auto.status, auto.body.state, auto.body.merge_when_pipeline_succeeds]).toEqual([
      200,
      'opened',
      true,
    ])

    const success = await post(developer.token, head, {
      state: 'success',
      name: 'ext/build',
      coverage: 87.25,
    })
    expect([success.status, success.body.status, success.body.coverage]).toEqual([
      201,
      'success',
      87.25,
    ])
    expect(success.body.finished_at).toMatch(ISO_TIME)
    const done = await waitForStatus(
      () => getPipeline(owner.token, project.id, pipelineId),
      'success',
    )
    expect(done.status).toBe('success')
    const merged = await waitForMergeRequest(
      owner.token,
      project.id,
      created.iid,
      'merged by auto-merge',
      (seen) => seen.state === 'merged',
    )
    expect(merged.merged_by).toEqual(userRef(developer.user))
  })

  it('lists the latest statuses of a commit, or all of them, as readers may', async () => {
    const branch = uniqueName('list')
    const head = await featureBranch(owner.token, project.id, branch)
    const first = await post(developer.token, head, { state: 'failed', name: 'lint', ref: branch })
    expect([first.status, first.body.status]).toEqual([201, 'failed'])
    // A finished status is replaced by a new one of the same name.
    const second = await post(developer.token, head, {
      state: 'success',
      name: 'lint',
      ref: branch,
    })
    expect(second.body.id).not.toBe(first.body.id)
    expect(second.body.pipeline_id).toBe(first.body.pipeline_id)
    await post(developer.token, head, { state: 'running', name: 'test', ref: branch })

    const latest = await list(reporter.token, head)
    expect(latest.status).toBe(200)
    expect(latest.body.map((status) => [status.name, status.status])).toEqual([
      ['lint', 'success'],
      ['test', 'running'],
    ])
    const all = await list(reporter.token, head, { all: 'true' })
    expect(all.headers.get('x-total')).toBe('3')
    const named = await list(reporter.token, head, { name: 'test', ref: branch })
    expect(named.body.map((status) => status.name)).toEqual(['test'])
    const paged = await list(reporter.token, head, { all: 'true', per_page: 2, page: 2 })
    expect(paged.body).toHaveLength(1)

    const pipeline = await getPipeline(owner.token, project.id, second.body.pipeline_id)
    expect(pipeline.status).toBe('running')
  })

  it("answers GitLab's errors", async () => {
    const branch = uniqueName('err')
    const head = await featureBranch(owner.token, project.id, branch)

    const unknown = await post(developer.token, 'f'.repeat(40), { state: 'success' })
    expect([unknown.status, unknown.body]).toEqual([404, { message: '404 Commit Not Found' }])
    const listUnknown = await list(reporter.token, 'f'.repeat(40))
    expect(listUnknown.status).toBe(404)

    const missing = await post(developer.token, head, {})
    expect([missing.status, missing.body]).toEqual([400, { error: 'state is missing' }])
    const invalid = await post(developer.token, head, { state: 'skipped' })
    expect([invalid.status, invalid.body]).toEqual([
      400,
      { error: 'state does not have a valid value' },
    ])
    const noPipeline = await post(developer.token, head, {
      state: 'success',
      ref: branch,
      pipeline_id: 2_000_000_000,
    })
    expect([noPipeline.status, noPipeline.body]).toEqual([
      404,
      { message: '404 Pipeline for pipeline_id, sha and ref Not Found' },
    ])

    const denied = await post(reporter.token, head, { state: 'success' })
    expect(denied.status).toBe(403)
    const anonymous = await api(`/projects/${project.id}/statuses/${head}`, {
      method: 'POST',
      body: { state: 'success' },
    })
    expect(anonymous.status).toBe(401)
  })
})
