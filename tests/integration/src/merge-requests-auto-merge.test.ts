import { api } from './support/api'
import {
  createPipeline,
  createProjectRunner,
  getPipeline,
  waitForStatus,
  type PipelineJson,
} from './support/ci-jobs'
import { createUserWithToken, uniqueName, type UserWithToken } from './support/factories'
import {
  branchHead,
  createMergeRequest,
  featureBranch,
  mrPath,
  projectWithMain,
  userRef,
  waitForDiff,
  waitForMergeRequest,
  type MergeRequestJson,
} from './support/merge-requests'
import { addProjectMember, commitFiles, letDevelopersMerge } from './support/projects'
import { RunnerClient } from './support/runner-client'
import { runShellJob } from './support/shell-executor'
import { DEVELOPER, type ProjectJson } from './support/types'

// Workers (diff collection, head pipelines, auto-merge) and a job run for real on two shared cores.
jest.setTimeout(150_000)

/** Push and merge request pipelines would race the one each test creates: only API pipelines run. */
const CI_CONFIG = `workflow:
  rules:
    - if: $CI_PIPELINE_SOURCE == "push"
      when: never
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
      when: never
    - when: always

test:
  script:
    - echo checking
    - test -f README.md
`

interface AutoMergeJson extends MergeRequestJson {
  merge_when_pipeline_succeeds: boolean
  merge_error: string | null
  head_pipeline: { id: number; status: string; [field: string]: unknown } | null
}

/**
 * Auto-merge (merge_when_pipeline_succeeds) carried out by the merge-requests
 * worker when ci-triggers reports the head pipeline finished: merged as the
 * merge user on success, cancelled when the pipeline is canceled or the merge
 * user may no longer merge.
 */
describe('merge request auto-merge', () => {
  let owner: UserWithToken
  let developer: UserWithToken
  let project: ProjectJson

  beforeAll(async () => {
    ;[owner, developer] = await Promise.all([createUserWithToken(), createUserWithToken()])
    ;({ project } = await projectWithMain(owner))
    await addProjectMember(project.id, developer.user.id, DEVELOPER, owner.token)
    // main is protected for Maintainers from the start; Developers merge here.
    await letDevelopersMerge(owner.token, project.id, 'main')
    await commitFiles(owner.token, project.id, 'main', [
      { action: 'create', file_path: '.gitlab-ci.yml', content: CI_CONFIG },
    ])
  }, 60_000)

  /**
   * A merge request from a new branch (one new file), with an API pipeline of
   * its head as its head pipeline (its job waits for a runner).
   */
  async function requestWithPipeline(
    description = '',
  ): Promise<{ mr: AutoMergeJson; pipeline: PipelineJson }> {
    const branch = uniqueName('auto')
    const head = await featureBranch(owner.token, project.id, branch)
    const created = await createMergeRequest(owner.token, project.id, {
      source_branch: branch,
      target_branch: 'main',
      title: `Auto-merge ${branch}`,
      description,
    })
    await waitForDiff(owner.token, project.id, created.iid, head)
    const pipeline = await createPipeline(owner.token, project.id, branch)
    expect([pipeline.sha, pipeline.status]).toEqual([head, 'pending'])
    const mr = (await waitForMergeRequest(
      owner.token,
      project.id,
      created.iid,
      `head pipeline ${pipeline.id}`,
      (seen) => (seen as AutoMergeJson).head_pipeline?.id === pipeline.id,
    )) as AutoMergeJson
    return { mr, pipeline }
  }

  /** PUT .../merge?merge_when_pipeline_succeeds=true as `user`: auto-merge is set (200). */
  async function setAutoMerge(user: UserWithToken, mr: AutoMergeJson): Promise<AutoMergeJson> {
    const res = await api<AutoMergeJson>(mrPath(project.id, mr.iid, '/merge'), {
      method: 'PUT',
      token: user.token,
      body: { merge_when_pipeline_succeeds: true, sha: mr.sha },
    })
    expect([res.status, res.body.state, res.body.merge_when_pipeline_succeeds]).toEqual([
      200,
      'opened',
      true,
    ])
    expect(res.body.merge_user).toEqual(userRef(user.user))
    return res.body
  }

  /** Runs the pipeline's one job to success through the runner protocol, with a real shell. */
  async function runPipeline(pipeline: PipelineJson): Promise<void> {
    const created = await createProjectRunner(owner.token, project.id)
    const runner = new RunnerClient(created.token)
    const verified = await runner.verify()
    expect(verified.status).toBe(200)
    const job = await runner.waitForJob(30_000)
    expect(job.git_info.sha).toBe(pipeline.sha)
    const result = await runShellJob(runner, job)
    if (result.state !== 'success') throw new Error(`job failed:\n${result.output}`)
    const done = await waitForStatus(
      () => getPipeline(owner.token, project.id, pipeline.id),
      'success',
    )
    expect(done.status).toBe('success')
  }

  const waitFor = (mr: AutoMergeJson, what: string, done: (seen: AutoMergeJson) => boolean) =>
    waitForMergeRequest(owner.token, project.id, mr.iid, what, (seen) =>
      done(seen as AutoMergeJson),
    ) as Promise<AutoMergeJson>

  it('cancels auto-merge when the head pipeline is canceled; the request stays opened', async () => {
    const { mr, pipeline } = await requestWithPipeline()
    await setAutoMerge(developer, mr)

    const cancel = await api<PipelineJson>(
      `/projects/${project.id}/pipelines/${pipeline.id}/cancel`,
      { method: 'POST', token: owner.token },
    )
    expect([cancel.status, cancel.body.status]).toEqual([200, 'canceled'])

    const after = await waitFor(mr, 'auto-merge cancelled', (seen) => {
      return !seen.merge_when_pipeline_succeeds
    })
    expect(after).toEqual(
      expect.objectContaining({
        state: 'opened',
        merge_when_pipeline_succeeds: false,
        merge_user: null,
        merged_by: null,
        merge_error: null,
      }),
    )
    expect(after.head_pipeline).toEqual(expect.objectContaining({ status: 'canceled' }))
  })

  it('merges the request as its merge user once the head pipeline succeeds, closing the issues it names', async () => {
    const issue = await api<{ iid: number }>(`/projects/${project.id}/issues`, {
      method: 'POST',
      token: owner.token,
      body: { title: 'Closed by auto-merge' },
    })
    expect(issue.status).toBe(201)
    const { mr, pipeline } = await requestWithPipeline(`Resolves #${issue.body.iid}`)
    const mainBefore = await branchHead(owner.token, project.id, 'main')
    await setAutoMerge(developer, mr)

    await runPipeline(pipeline)

    const merged = await waitFor(mr, 'merged by auto-merge', (seen) => seen.state === 'merged')
    expect(merged).toEqual(
      expect.objectContaining({
        state: 'merged',
        merge_when_pipeline_succeeds: false,
        merge_user: userRef(developer.user),
        merged_by: userRef(developer.user),
        merge_commit_sha: expect.stringMatching(/^[0-9a-f]{40}$/),
      }),
    )
    const mainAfter = await branchHead(owner.token, project.id, 'main')
    expect(mainAfter).not.toBe(mainBefore)
    expect(mainAfter).toBe(merged.merge_commit_sha)
    // PostMergeService#close_issues as the merge user, as for a merge through the API.
    const closed = await api<{ state: string; closed_by: { id: number } | null }>(
      `/projects/${project.id}/issues/${issue.body.iid}`,
      { token: owner.token },
    )
    expect(closed.body).toMatchObject({
      state: 'closed',
      closed_by: expect.objectContaining({ id: developer.user.id }),
    })
  })

  it('cancels instead of merging when the merge user may no longer merge', async () => {
    const outsider = await createUserWithToken()
    await addProjectMember(project.id, outsider.user.id, DEVELOPER, owner.token)
    const { mr, pipeline } = await requestWithPipeline()
    await setAutoMerge(outsider, mr)
    const removed = await api(`/projects/${project.id}/members/${outsider.user.id}`, {
      method: 'DELETE',
      token: owner.token,
    })
    expect(removed.status).toBe(204)
    const mainBefore = await branchHead(owner.token, project.id, 'main')

    await runPipeline(pipeline)

    const after = await waitFor(mr, 'auto-merge cancelled', (seen) => {
      return !seen.merge_when_pipeline_succeeds
    })
    expect(after).toEqual(
      expect.objectContaining({
        state: 'opened',
        merge_user: null,
        merge_error: 'You are not allowed to merge this merge request',
      }),
    )
    expect(await branchHead(owner.token, project.id, 'main')).toBe(mainBefore)
  })
})
