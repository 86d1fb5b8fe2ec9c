import { api, eventually } from './support/api'
import { createUserWithToken, uniqueName, type UserWithToken } from './support/factories'
import {
  createMergeRequest,
  featureBranch,
  ISO_TIME,
  mrPath,
  projectWithMain,
  userRef,
  waitForDiff,
  type MergeRequestJson,
} from './support/merge-requests'
import type { ProjectJson } from './support/types'

// Workers (diff collection, merge status) on two shared cores: a test may wait on several.
jest.setTimeout(120_000)

interface PipelineJson {
  id: number
  sha: string
  ref: string
  status: string
  web_url: string
  user?: Record<string, unknown>
  detailed_status?: Record<string, unknown>
  [field: string]: unknown
}

const CI_CONFIG = ['test:', '  script: echo test', '  only:', '    - merge_requests', ''].join('\n')

/** GET and POST /projects/:id/merge_requests/:merge_request_iid/pipelines. */
describe('merge request pipelines', () => {
  let owner: UserWithToken
  let project: ProjectJson
  let mr: MergeRequestJson
  let head: string
  /** The pipeline the open created itself (the configuration has a merge request job). */
  let opened: PipelineJson

  beforeAll(async () => {
    owner = await createUserWithToken()
    ;({ project } = await projectWithMain(owner, { visibility: 'public' }))
    const branch = uniqueName('ci')
    head = await featureBranch(owner.token, project.id, branch, [
      { action: 'create', file_path: '.gitlab-ci.yml', content: CI_CONFIG },
    ])
    const created = await createMergeRequest(owner.token, project.id, {
      source_branch: branch,
      target_branch: 'main',
      title: 'With CI',
    })
    mr = await waitForDiff(owner.token, project.id, created.iid, head)
  }, 60_000)

  const pipelines = () => mrPath(project.id, mr.iid, '/pipelines')

  it('lists the merge request pipeline the open created', async () => {
    let res = await api<PipelineJson[]>(pipelines(), { token: owner.token })
    await eventually(async () => {
      res = await api<PipelineJson[]>(pipelines(), { token: owner.token })
      return res.body.length > 0
    }, 30_000)
    expect(res.status).toBe(200)
    expect(res.body).toEqual([
      expect.objectContaining({
        sha: head,
        ref: `refs/merge-requests/${mr.iid}/head`,
        source: 'merge_request_event',
      }),
    ])
    expect(res.headers.get('x-total')).toBe('1')
    opened = res.body[0] as PipelineJson
  })

  it('creates a detached merge request pipeline (200) and lists it, newest first', async () => {
    const res = await api<PipelineJson>(pipelines(), { method: 'POST', token: owner.token })
    expect(res.status).toBe(200)
    const pipeline = res.body
    expect(pipeline).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        sha: head,
        ref: `refs/merge-requests/${mr.iid}/head`,
        // The configuration's merge request job waits for a runner.
        status: 'pending',
        source: 'merge_request_event',
        tag: false,
        yaml_errors: null,
        web_url: `${project.web_url}/-/pipelines/${pipeline.id}`,
        user: userRef(owner.user),
        before_sha: expect.any(String),
        started_at: null,
        finished_at: null,
        coverage: null,
      }),
    )
    for (const field of ['created_at', 'updated_at']) expect(pipeline[field]).toMatch(ISO_TIME)
    for (const field of ['committed_at', 'duration']) expect(pipeline).toHaveProperty(field)
    expect(pipeline.detailed_status).toEqual(
      expect.objectContaining({
        icon: expect.any(String),
        text: expect.any(String),
        label: expect.any(String),
        group: expect.any(String),
        tooltip: expect.any(String),
        has_details: expect.any(Boolean),
        details_path: `/${project.path_with_namespace}/-/pipelines/${pipeline.id}`,
        favicon: expect.any(String),
      }),
    )
    expect(pipeline.detailed_status).toHaveProperty('illustration')

    const second = await api<PipelineJson>(pipelines(), { method: 'POST', token: owner.token })
    expect(second.status).toBe(200)
    expect(second.body.id).toBeGreaterThan(pipeline.id)

    const list = await api<PipelineJson[]>(pipelines(), { token: owner.token })
    expect(list.status).toBe(200)
    expect(list.body.map((item) => item.id)).toEqual([second.body.id, pipeline.id, opened.id])
    expect(list.body[1]).toEqual(
      expect.objectContaining({
        id: pipeline.id,
        sha: head,
        ref: `refs/merge-requests/${mr.iid}/head`,
        status: expect.any(String),
      }),
    )
    const paged = await api<PipelineJson[]>(pipelines(), {
      token: owner.token,
      query: { per_page: 1, page: 2 },
    })
    expect(paged.body.map((item) => item.id)).toEqual([pipeline.id])
    expect(paged.headers.get('x-total')).toBe('3')
  })

  it('the merge request shows its latest pipeline', async () => {
    let last: MergeRequestJson | undefined
    const list = await api<PipelineJson[]>(pipelines(), { token: owner.token })
    const newest = list.body[0]
    const seen = await eventually(async () => {
      const res = await api<MergeRequestJson>(mrPath(project.id, mr.iid), { token: owner.token })
      last = res.body
      return (res.body.pipeline as PipelineJson | null)?.id === newest?.id
    }, 20_000)
    expect([seen, last?.pipeline]).toEqual([
      true,
      expect.objectContaining({
        id: newest?.id,
        sha: head,
        ref: newest?.ref,
        status: newest?.status,
      }),
    ])
  })

  it('needs a token to create one (401); 404 for an unknown iid', async () => {
    const anonymous = await api(pipelines(), { method: 'POST' })
    expect(anonymous.status).toBe(401)
    const unknown = await api(mrPath(project.id, 999999, '/pipelines'), { token: owner.token })
    expect(unknown.status).toBe(404)
  })
})

/** Merge request pipelines from the repository's configuration, before and after diffs. */
describe('merge request pipelines from .gitlab-ci.yml', () => {
  let owner: UserWithToken
  let project: ProjectJson

  beforeAll(async () => {
    owner = await createUserWithToken()
    ;({ project } = await projectWithMain(owner))
  }, 60_000)

  it('creates one right after the request was created, on the source branch head', async () => {
    const branch = uniqueName('early')
    const head = await featureBranch(owner.token, project.id, branch, [
      { action: 'create', file_path: '.gitlab-ci.yml', content: CI_CONFIG },
    ])
    const mr = await createMergeRequest(owner.token, project.id, {
      source_branch: branch,
      target_branch: 'main',
      title: 'Early pipeline',
    })
    const res = await api<PipelineJson>(mrPath(project.id, mr.iid, '/pipelines'), {
      method: 'POST',
      token: owner.token,
    })
    expect([res.status, res.body.sha, res.body.status]).toEqual([200, head, 'pending'])
  })

  it("answers GitLab's 400 when the configuration has no job for merge requests", async () => {
    const branch = uniqueName('nojobs')
    const head = await featureBranch(owner.token, project.id, branch, [
      { action: 'create', file_path: '.gitlab-ci.yml', content: 'build:\n  script: make\n' },
    ])
    const created = await createMergeRequest(owner.token, project.id, {
      source_branch: branch,
      target_branch: 'main',
      title: 'No MR jobs',
    })
    await waitForDiff(owner.token, project.id, created.iid, head)
    const res = await api<{ message: { base: string[] } }>(
      mrPath(project.id, created.iid, '/pipelines'),
      { method: 'POST', token: owner.token },
    )
    expect(res.status).toBe(400)
    expect(res.body.message.base).toEqual([expect.stringMatching(/jobs|rules/)])
  })

  it('lists branch pipelines of its commits and makes the newest its head pipeline', async () => {
    const branch = uniqueName('branchci')
    const config = 'test:\n  script: echo test\n'
    const head = await featureBranch(owner.token, project.id, branch, [
      { action: 'create', file_path: '.gitlab-ci.yml', content: config },
    ])
    const created = await createMergeRequest(owner.token, project.id, {
      source_branch: branch,
      target_branch: 'main',
      title: 'Branch pipelines',
    })
    await waitForDiff(owner.token, project.id, created.iid, head)
    // The commit made the branch's push pipeline; the API pipeline comes after it.
    let pushed: PipelineJson | undefined
    await eventually(async () => {
      const res = await api<PipelineJson[]>(`/projects/${project.id}/pipelines`, {
        token: owner.token,
        query: { ref: branch, source: 'push' },
      })
      pushed = res.body[0]
      return pushed !== undefined
    }, 20_000)
    expect(pushed).toMatchObject({ sha: head, source: 'push' })
    const branchPipeline = await api<PipelineJson>(`/projects/${project.id}/pipeline`, {
      method: 'POST',
      token: owner.token,
      body: { ref: branch },
    })
    expect([branchPipeline.status, branchPipeline.body.sha]).toEqual([201, head])
    const list = await api<PipelineJson[]>(mrPath(project.id, created.iid, '/pipelines'), {
      token: owner.token,
    })
    expect(list.body.map((item) => item.id)).toEqual([branchPipeline.body.id, pushed?.id])
    let last: unknown
    const seen = await eventually(async () => {
      const res = await api<MergeRequestJson>(mrPath(project.id, created.iid), {
        token: owner.token,
      })
      last = res.body.head_pipeline
      return (res.body.head_pipeline as PipelineJson | null)?.id === branchPipeline.body.id
    }, 20_000)
    expect([seen, last]).toEqual([true, expect.objectContaining({ id: branchPipeline.body.id })])
  })
})
