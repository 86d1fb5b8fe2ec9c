import { api } from './support/api'
import {
  createProjectRunner,
  getPipeline,
  pushFiles,
  waitForStatus,
  type PipelineJson,
} from './support/ci-jobs'
import { createUserWithToken, uniqueName, type UserWithToken } from './support/factories'
import {
  createMergeRequest,
  featureBranch,
  mrPath,
  projectWithMain,
  userRef,
  waitForDiff,
  waitForMergeRequest,
  type MergeRequestJson,
} from './support/merge-requests'
import { commitFiles } from './support/projects'
import { RunnerClient, type JobPayload } from './support/runner-client'
import { runShellJob } from './support/shell-executor'
import type { ProjectJson } from './support/types'

// Workers (diff collection, head pipelines, merge request pipelines, auto-merge)
// and jobs run for real on two shared cores.
jest.setTimeout(180_000)

/**
 * No push pipelines (another source of head pipelines): the tests' own
 * pipelines are the only ones. With workflow:rules a job without rules runs
 * in every pipeline the workflow allows, merge request pipelines included.
 */
const NO_PUSH = `workflow:
  rules:
    - if: $CI_PIPELINE_SOURCE == "push"
      when: never
    - when: always
`

/** Trigger and API pipelines only: no merge request pipeline competes for the head. */
const TRIGGER_CONFIG = `workflow:
  rules:
    - if: $CI_PIPELINE_SOURCE == "push"
      when: never
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
      when: never
    - when: always

build:
  script:
    - echo build
    - test -f README.md
`

/** One job, for merge request pipelines. */
const MR_CONFIG = `${NO_PUSH}
mr-check:
  script:
    - echo "checking !$CI_MERGE_REQUEST_IID from $CI_MERGE_REQUEST_SOURCE_BRANCH_NAME"
    - test -f README.md
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
`

/** No job whose rules take merge_request_event: merge requests get no pipeline of their own. */
const NO_MR_JOB_CONFIG = `${NO_PUSH}
build:
  script: echo build
  rules:
    - if: $CI_PIPELINE_SOURCE != "merge_request_event"
`

interface HeadPipelineJson {
  id: number
  sha: string
  ref: string
  status: string
  source?: string
  [field: string]: unknown
}

interface RequestJson extends MergeRequestJson {
  merge_when_pipeline_succeeds: boolean
  head_pipeline: HeadPipelineJson | null
}

interface TriggerJson {
  id: number
  token: string
}

async function createTrigger(owner: UserWithToken, projectId: number): Promise<TriggerJson> {
  const res = await api<TriggerJson>(`/projects/${projectId}/triggers`, {
    method: 'POST',
    token: owner.token,
    form: { description: uniqueName('trigger') },
  })
  expect(res.status).toBe(201)
  return res.body
}

/** POST /projects/:id/trigger/pipeline with a trigger token, no other credential. */
async function triggerPipeline(
  projectId: number,
  trigger: TriggerJson,
  ref: string,
): Promise<PipelineJson> {
  const res = await api<PipelineJson>(`/projects/${projectId}/trigger/pipeline`, {
    method: 'POST',
    form: { token: trigger.token, ref },
  })
  expect([res.status, res.body.source, res.body.ref]).toEqual([201, 'trigger', ref])
  return res.body
}

/** Waits until the request's head pipeline is `pipelineId`; the request as last read. */
function waitForHeadPipeline(
  owner: UserWithToken,
  projectId: number,
  iid: number,
  pipelineId: number,
): Promise<RequestJson> {
  return waitForMergeRequest(
    owner.token,
    projectId,
    iid,
    `head pipeline ${pipelineId}`,
    (seen) => (seen as RequestJson).head_pipeline?.id === pipelineId,
  ) as Promise<RequestJson>
}

/** GET .../merge_requests/:iid/pipelines, newest first. */
async function requestPipelines(
  owner: UserWithToken,
  projectId: number,
  iid: number,
): Promise<PipelineJson[]> {
  const res = await api<PipelineJson[]>(mrPath(projectId, iid, '/pipelines'), {
    token: owner.token,
  })
  expect(res.status).toBe(200)
  return res.body
}

/** Waits until the request lists `count` pipelines; the list, newest first. */
async function waitForPipelines(
  owner: UserWithToken,
  projectId: number,
  iid: number,
  count: number,
): Promise<PipelineJson[]> {
  let last: PipelineJson[] = []
  const deadline = Date.now() + 40_000
  while (Date.now() < deadline) {
    last = await requestPipelines(owner, projectId, iid)
    if (last.length >= count) return last
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error(`!${iid}: ${count} pipelines not listed; last: ${JSON.stringify(last)}`)
}

/** PUT .../merge?merge_when_pipeline_succeeds=true: auto-merge is set on the running pipeline. */
async function setAutoMerge(owner: UserWithToken, projectId: number, mr: RequestJson) {
  const res = await api<RequestJson>(mrPath(projectId, mr.iid, '/merge'), {
    method: 'PUT',
    token: owner.token,
    body: { merge_when_pipeline_succeeds: true, sha: mr.sha },
  })
  expect([res.status, res.body.state, res.body.merge_when_pipeline_succeeds]).toEqual([
    200,
    'opened',
    true,
  ])
  expect(res.body.merge_user).toEqual(userRef(owner.user))
  return res.body
}

/** Takes the project's next job with a new project runner. */
async function takeJob(owner: UserWithToken, projectId: number) {
  const created = await createProjectRunner(owner.token, projectId)
  const runner = new RunnerClient(created.token)
  expect((await runner.verify()).status).toBe(200)
  const job = await runner.waitForJob(30_000)
  return { runner, job }
}

/** Runs a job to success with a real shell; the pipeline is then `success`. */
async function runToSuccess(
  owner: UserWithToken,
  projectId: number,
  pipelineId: number,
  taken: { runner: RunnerClient; job: JobPayload },
): Promise<void> {
  const result = await runShellJob(taken.runner, taken.job)
  if (result.state !== 'success') throw new Error(`job failed:\n${result.output}`)
  const done = await waitForStatus(() => getPipeline(owner.token, projectId, pipelineId), 'success')
  expect(done.status).toBe('success')
}

const variable = (job: JobPayload, key: string) =>
  job.variables.find((entry) => entry.key === key)?.value

/**
 * A pipeline started with a trigger token for a request's source branch at
 * its head becomes the request's head pipeline, whenever it comes: before the
 * request exists, before its diff is collected, or after (GitLab's
 * UpdateHeadPipelineWorker and MergeRequest#update_head_pipeline).
 */
describe('head pipelines from trigger tokens', () => {
  let owner: UserWithToken
  let project: ProjectJson
  let trigger: TriggerJson

  beforeAll(async () => {
    owner = await createUserWithToken()
    ;({ project } = await projectWithMain(owner))
    await commitFiles(owner.token, project.id, 'main', [
      { action: 'create', file_path: '.gitlab-ci.yml', content: TRIGGER_CONFIG },
    ])
    trigger = await createTrigger(owner, project.id)
  }, 60_000)

  async function openRequest(branch: string): Promise<MergeRequestJson> {
    return createMergeRequest(owner.token, project.id, {
      source_branch: branch,
      target_branch: 'main',
      title: `Triggered ${branch}`,
    })
  }

  it('becomes the head pipeline when triggered right after the request opened', async () => {
    const branch = uniqueName('trig')
    const head = await featureBranch(owner.token, project.id, branch)
    const created = await openRequest(branch)
    // No wait for the diff: the pipeline may well come first.
    const pipeline = await triggerPipeline(project.id, trigger, branch)
    expect(pipeline.sha).toBe(head)
    const mr = await waitForHeadPipeline(owner, project.id, created.iid, pipeline.id)
    expect(mr.head_pipeline).toEqual(
      expect.objectContaining({
        id: pipeline.id,
        sha: head,
        ref: branch,
        status: 'pending',
        source: 'trigger',
      }),
    )
    expect(mr.pipeline).toEqual(expect.objectContaining({ id: pipeline.id, sha: head }))
  })

  it('becomes the head pipeline when triggered before the request existed', async () => {
    const branch = uniqueName('early')
    const head = await featureBranch(owner.token, project.id, branch)
    const pipeline = await triggerPipeline(project.id, trigger, branch)
    const created = await openRequest(branch)
    const mr = await waitForHeadPipeline(owner, project.id, created.iid, pipeline.id)
    expect(mr.head_pipeline).toEqual(expect.objectContaining({ id: pipeline.id, sha: head }))
  })

  it('drives detailed_merge_status and auto-merge when pipelines must succeed', async () => {
    const strict = (await projectWithMain(owner)).project
    const settings = await api(`/projects/${strict.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { only_allow_merge_if_pipeline_succeeds: true },
    })
    expect(settings.status).toBe(200)
    await commitFiles(owner.token, strict.id, 'main', [
      { action: 'create', file_path: '.gitlab-ci.yml', content: TRIGGER_CONFIG },
    ])
    const strictTrigger = await createTrigger(owner, strict.id)
    const branch = uniqueName('strict')
    const head = await featureBranch(owner.token, strict.id, branch)
    const created = await createMergeRequest(owner.token, strict.id, {
      source_branch: branch,
      target_branch: 'main',
      title: 'Must pass',
    })
    await waitForDiff(owner.token, strict.id, created.iid, head)
    const pipeline = await triggerPipeline(strict.id, strictTrigger, branch)
    const waiting = (await waitForMergeRequest(
      owner.token,
      strict.id,
      created.iid,
      'ci_still_running',
      (seen) =>
        (seen as RequestJson).head_pipeline?.id === pipeline.id &&
        seen.detailed_merge_status === 'ci_still_running',
    )) as RequestJson
    expect(waiting.head_pipeline?.status).toBe('pending')

    await setAutoMerge(owner, strict.id, waiting)
    const taken = await takeJob(owner, strict.id)
    expect([taken.job.git_info.sha, variable(taken.job, 'CI_PIPELINE_SOURCE')]).toEqual([
      head,
      'trigger',
    ])
    await runToSuccess(owner, strict.id, pipeline.id, taken)
    const merged = (await waitForMergeRequest(
      owner.token,
      strict.id,
      created.iid,
      'merged by auto-merge',
      (seen) => seen.state === 'merged',
    )) as RequestJson
    expect([merged.state, merged.merge_user]).toEqual(['merged', userRef(owner.user)])
  })
})

/**
 * Merge request pipelines created by the merge requests themselves (GitLab's
 * MergeRequests::CreatePipelineService from AfterCreateService and
 * RefreshService): a detached pipeline on refs/merge-requests/<iid>/head when
 * a job's rules take merge_request_event, once per head.
 */
describe('merge request pipelines created on open and on push', () => {
  let owner: UserWithToken
  let project: ProjectJson

  beforeAll(async () => {
    owner = await createUserWithToken()
    ;({ project } = await projectWithMain(owner))
    await commitFiles(owner.token, project.id, 'main', [
      { action: 'create', file_path: '.gitlab-ci.yml', content: MR_CONFIG },
    ])
  }, 60_000)

  it('opening, pushing and auto-merge: one pipeline per head, the newest is the head pipeline', async () => {
    const branch = uniqueName('mrpipe')
    const head = await featureBranch(owner.token, project.id, branch)
    const created = await createMergeRequest(owner.token, project.id, {
      source_branch: branch,
      target_branch: 'main',
      title: 'Automatic pipelines',
    })
    const [first] = await waitForPipelines(owner, project.id, created.iid, 1)
    expect(first).toEqual(
      expect.objectContaining({
        sha: head,
        ref: `refs/merge-requests/${created.iid}/head`,
        source: 'merge_request_event',
        status: 'pending',
      }),
    )
    const opened = await waitForHeadPipeline(owner, project.id, created.iid, first?.id ?? 0)
    expect(opened.head_pipeline).toEqual(
      expect.objectContaining({ id: first?.id, sha: head, source: 'merge_request_event' }),
    )
    // The open's job carries the request's variables.
    const taken = await takeJob(owner, project.id)
    expect(taken.job.job_info.name).toBe('mr-check')
    expect({
      source: variable(taken.job, 'CI_PIPELINE_SOURCE'),
      iid: variable(taken.job, 'CI_MERGE_REQUEST_IID'),
      id: variable(taken.job, 'CI_MERGE_REQUEST_ID'),
      projectId: variable(taken.job, 'CI_MERGE_REQUEST_PROJECT_ID'),
      sourceBranch: variable(taken.job, 'CI_MERGE_REQUEST_SOURCE_BRANCH_NAME'),
      targetBranch: variable(taken.job, 'CI_MERGE_REQUEST_TARGET_BRANCH_NAME'),
    }).toEqual({
      source: 'merge_request_event',
      iid: String(created.iid),
      id: String(created.id),
      projectId: String(project.id),
      sourceBranch: branch,
      targetBranch: 'main',
    })
    await runToSuccess(owner, project.id, first?.id ?? 0, taken)

    // A real git push to the source branch: a new diff version and a new pipeline at its head.
    const pushed = await pushFiles(owner, project, { 'more.txt': 'more\n' }, 'More work', branch)
    await waitForDiff(owner.token, project.id, created.iid, pushed)
    const pipelines = await waitForPipelines(owner, project.id, created.iid, 2)
    const second = pipelines[0]
    expect(pipelines.map((item) => [item.sha, item.source])).toEqual([
      [pushed, 'merge_request_event'],
      [head, 'merge_request_event'],
    ])
    const current = await waitForHeadPipeline(owner, project.id, created.iid, second?.id ?? 0)
    expect(current.head_pipeline?.status).toBe('pending')

    // GitLab sets auto-merge on the running merge request pipeline, and merges when it succeeds.
    await setAutoMerge(owner, project.id, current)
    const next = await takeJob(owner, project.id)
    expect(next.job.git_info.sha).toBe(pushed)
    await runToSuccess(owner, project.id, second?.id ?? 0, next)
    const merged = await waitForMergeRequest(
      owner.token,
      project.id,
      created.iid,
      'merged by auto-merge',
      (seen) => seen.state === 'merged',
    )
    expect(merged.state).toBe('merged')
    // One pipeline per head, however often the workers ran.
    expect((await requestPipelines(owner, project.id, created.iid)).length).toBe(2)
  })

  it('creates none when no job takes merge_request_event', async () => {
    const plain = (await projectWithMain(owner)).project
    await commitFiles(owner.token, plain.id, 'main', [
      { action: 'create', file_path: '.gitlab-ci.yml', content: NO_MR_JOB_CONFIG },
    ])
    const branch = uniqueName('nomr')
    const head = await featureBranch(owner.token, plain.id, branch)
    const created = await createMergeRequest(owner.token, plain.id, {
      source_branch: branch,
      target_branch: 'main',
      title: 'No merge request jobs',
    })
    // The same request in the project with merge request jobs gets one meanwhile: a barrier.
    const other = uniqueName('barrier')
    await featureBranch(owner.token, project.id, other)
    const barrier = await createMergeRequest(owner.token, project.id, {
      source_branch: other,
      target_branch: 'main',
      title: 'Barrier',
    })
    await waitForDiff(owner.token, plain.id, created.iid, head)
    await waitForPipelines(owner, project.id, barrier.iid, 1)
    const mr = (await waitForDiff(owner.token, plain.id, created.iid, head)) as RequestJson
    expect([await requestPipelines(owner, plain.id, created.iid), mr.head_pipeline]).toEqual([
      [],
      null,
    ])
  })
})
