import { api, apiUrl } from './support/api'
import {
  createPipeline,
  createProjectRunner,
  getJob,
  getPipeline,
  jobNamed,
  jobTrace,
  pipelineJobs,
  pushFiles,
  waitForStatus,
  type JobJson,
  type PipelineJson,
} from './support/ci-jobs'
import { createUserWithToken, type UserWithToken } from './support/factories'
import { addProjectMember, createProject } from './support/projects'
import {
  legacyRegister,
  RUNNER_REVISION,
  RUNNER_VERSION,
  RunnerClient,
  sleep,
  unregister,
  type JobPayload,
} from './support/runner-client'
import { runShellJob, traceChecksum } from './support/shell-executor'
import { RUNNER_REGISTRATION_TOKEN } from './support/launch-suite'
import { gatewayUrl } from './support/suite-state'
import { DEVELOPER, MAINTAINER, type ProjectJson } from './support/types'

// Jobs run for real (git, bash) on two shared cores.
jest.setTimeout(120_000)

/** Push pipelines would hand the runner jobs nobody asked for: only API pipelines run. */
const API_ONLY = `workflow:
  rules:
    - if: $CI_PIPELINE_SOURCE == "push"
      when: never
    - when: always
`

const STAGED_CONFIG = `${API_ONLY}
stages:
  - build
  - test
  - deploy

build:
  stage: build
  script:
    - echo building
    - echo "job is $CI_JOB_NAME"

test:
  stage: test
  script:
    - cat message.txt
    - test "$(git rev-parse HEAD)" = "$CI_COMMIT_SHA"

deploy:
  stage: deploy
  script: echo deploying
  when: manual
`

const FAILING_CONFIG = `${API_ONLY}
stages:
  - build
  - test

hard-fail:
  stage: build
  script:
    - echo about to fail
    - exit 3
  rules:
    - if: $MODE == "fail"

soft-fail:
  stage: build
  script: exit 1
  allow_failure: true
  rules:
    - if: $MODE == "tolerate"

later:
  stage: test
  script: echo later stage
`

const TAGGED_CONFIG = `${API_ONLY}
in-docker:
  tags: [docker]
  script: echo tagged
`

const FAN_OUT = 10
const FAN_OUT_CONFIG = `${API_ONLY}
${Array.from({ length: FAN_OUT }, (_, i) => `job-${i + 1}:\n  script: echo ${i + 1}\n`).join('\n')}`

const FORBIDDEN = { message: '403 Forbidden' }

interface RunnerDetailsJson {
  id: number
  description: string | null
  paused: boolean
  active: boolean
  is_shared: boolean
  runner_type: string
  tag_list: string[]
  run_untagged: boolean
  locked: boolean
  version: string | null
  revision: string | null
  platform: string | null
  architecture: string | null
  contacted_at: string | null
  online: boolean | null
  status: string
  projects: { id: number }[]
  [field: string]: unknown
}

/** A project of a fresh owner with a Maintainer and a Developer, CI files pushed with git. */
async function ciProject(files: Record<string, string>) {
  const [owner, maintainer, developer] = await Promise.all([
    createUserWithToken(),
    createUserWithToken(),
    createUserWithToken(),
  ])
  const project = await createProject(owner.token, {
    initialize_with_readme: true,
    visibility: 'private',
  })
  await addProjectMember(project.id, maintainer.user.id, MAINTAINER, owner.token)
  await addProjectMember(project.id, developer.user.id, DEVELOPER, owner.token)
  const sha = await pushFiles(owner, project, files)
  return { owner, maintainer, developer, project, sha }
}

/** A project runner created by `user` and verified as gitlab-runner register does. */
async function projectRunner(user: UserWithToken, project: ProjectJson, attributes = {}) {
  const created = await createProjectRunner(user.token, project.id, attributes)
  const runner = new RunnerClient(created.token)
  const verified = await runner.verify()
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${verified.text}`)
  return { id: created.id, runner }
}

function variable(job: JobPayload, key: string) {
  return job.variables.find((v) => v.key === key)
}

/** Runs a job and insists on the outcome, showing the log when it differs. */
async function runExpecting(runner: RunnerClient, job: JobPayload, state: 'success' | 'failed') {
  const result = await runShellJob(runner, job)
  if (result.state !== state) {
    throw new Error(
      `job ${job.job_info.name} ended ${result.state}, wanted ${state}:\n${result.output}`,
    )
  }
  return result
}

describe('runner registration (POST /user/runners, /runners/verify, /runners)', () => {
  let cast: Awaited<ReturnType<typeof ciProject>>
  let runnerId: number
  let runner: RunnerClient

  beforeAll(async () => {
    cast = await ciProject({ '.gitlab-ci.yml': TAGGED_CONFIG })
  }, 60_000)

  it('creates a project runner for a Maintainer: 201 with a glrt- token shown once', async () => {
    const res = await api<Record<string, unknown>>('/user/runners', {
      method: 'POST',
      token: cast.maintainer.token,
      body: {
        runner_type: 'project_type',
        project_id: cast.project.id,
        description: 'shell runner',
        tag_list: ['shell', 'linux'],
      },
    })
    expect(res.status).toBe(201)
    expect(Object.keys(res.body).sort()).toEqual(['id', 'token', 'token_expires_at'])
    expect(res.body.token).toMatch(/^glrt-/)
    runnerId = res.body.id as number
    runner = new RunnerClient(res.body.token as string)
  })

  it('refuses a Developer (403) and wants project_id for project_type (400)', async () => {
    const developer = await api('/user/runners', {
      method: 'POST',
      token: cast.developer.token,
      body: { runner_type: 'project_type', project_id: cast.project.id },
    })
    expect(developer.status).toBe(403)
    const noProject = await api('/user/runners', {
      method: 'POST',
      token: cast.maintainer.token,
      body: { runner_type: 'project_type' },
    })
    expect([noProject.status, noProject.body]).toEqual([400, { error: 'project_id is missing' }])
  })

  it('verifies the glrt- token (200 JSON id, token) and refuses a wrong one (403)', async () => {
    const ok = await runner.verify()
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toMatch(/^application\/json/)
    expect(ok.body).toEqual(expect.objectContaining({ id: runnerId, token: runner.token }))
    const wrong = await new RunnerClient(`glrt-${'x'.repeat(20)}`).verify()
    expect([wrong.status, wrong.body]).toEqual([403, FORBIDDEN])
  })

  it('lists the runner in GET /projects/:id/runners and shows it in GET /runners/:id', async () => {
    const list = await api<RunnerDetailsJson[]>(`/projects/${cast.project.id}/runners`, {
      token: cast.maintainer.token,
    })
    expect(list.status).toBe(200)
    expect(list.body).toEqual([
      expect.objectContaining({
        id: runnerId,
        description: 'shell runner',
        paused: false,
        is_shared: false,
        runner_type: 'project_type',
      }),
    ])
    const shown = await api<RunnerDetailsJson>(`/runners/${runnerId}`, {
      token: cast.maintainer.token,
    })
    expect(shown.status).toBe(200)
    expect(shown.body).toEqual(
      expect.objectContaining({
        id: runnerId,
        description: 'shell runner',
        runner_type: 'project_type',
        run_untagged: true,
        locked: false,
        projects: [expect.objectContaining({ id: cast.project.id })],
      }),
    )
    expect([...shown.body.tag_list].sort()).toEqual(['linux', 'shell'])
    const stranger = await createUserWithToken()
    const hidden = await api(`/runners/${runnerId}`, { token: stranger.token })
    expect([hidden.status, hidden.body]).toEqual([
      403,
      { message: '403 Forbidden - No access granted' },
    ])
  })

  it('records what the runner says about itself when it asks for jobs', async () => {
    const polled = await runner.requestJob()
    expect(polled.status).toBe(204)
    const shown = await api<RunnerDetailsJson>(`/runners/${runnerId}`, {
      token: cast.maintainer.token,
    })
    expect(shown.body).toEqual(
      expect.objectContaining({
        version: RUNNER_VERSION,
        revision: RUNNER_REVISION,
        platform: 'linux',
        architecture: 'amd64',
        online: true,
        status: 'online',
      }),
    )
    expect(shown.body.contacted_at).toEqual(expect.any(String))
  })

  it('updates description, paused and tags with PUT /runners/:id; a paused runner gets 204', async () => {
    const res = await api<RunnerDetailsJson>(`/runners/${runnerId}`, {
      method: 'PUT',
      token: cast.maintainer.token,
      body: { description: 'renamed', paused: true, tag_list: ['docker'] },
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual(
      expect.objectContaining({ description: 'renamed', paused: true, active: false }),
    )
    expect(res.body.tag_list).toEqual(['docker'])
    // A pending job the runner could take (tagged docker) is not handed to it while paused.
    const pipeline = await createPipeline(cast.maintainer.token, cast.project.id)
    const paused = await runner.requestJob('')
    expect(paused.status).toBe(204)
    expect(paused.lastUpdate).toEqual(expect.any(String))
    const resumed = await api<RunnerDetailsJson>(`/runners/${runnerId}`, {
      method: 'PUT',
      token: cast.maintainer.token,
      body: { paused: false },
    })
    expect(resumed.body.paused).toBe(false)
    const job = await runner.waitForJob()
    expect(job.job_info.name).toBe('in-docker')
    expect(variable(job, 'CI_PIPELINE_ID')?.value).toBe(String(pipeline.id))
    await runExpecting(runner, job, 'success')
  })

  it('registers with a registration token only where the legacy flow is allowed', async () => {
    const bad = await legacyRegister('GR1348941notatoken')
    expect(bad.status).toBe(403)
    // Here the legacy flow takes the instance registration token (RUNNER_REGISTRATION_TOKEN),
    // not projects' runners_token: the runner it makes is an instance runner.
    const res = await legacyRegister(RUNNER_REGISTRATION_TOKEN, {
      description: 'legacy',
      tag_list: 'a,b',
      run_untagged: true,
    })
    // 410 Gone is GitLab's answer only where registration tokens are disabled
    // (RUNNER_REGISTRATION_TOKEN unset); the suite under test sets one.
    expect(res.status).toBe(201)
    expect(res.body).toEqual(
      expect.objectContaining({ id: expect.any(Number), token: expect.any(String) }),
    )
    const legacy = new RunnerClient(res.body.token)
    expect((await legacy.verify()).status).toBe(200)
    const shown = await api<RunnerDetailsJson>(`/runners/${res.body.id}`, {
      token: cast.maintainer.token,
    })
    expect(shown.body).toEqual(
      expect.objectContaining({ description: 'legacy', run_untagged: true }),
    )
    expect([...shown.body.tag_list].sort()).toEqual(['a', 'b'])
    expect((await unregister(res.body.token)).status).toBe(204)
  })

  it('unregisters with DELETE /runners (204); the token no longer verifies', async () => {
    const res = await unregister(runner.token)
    expect(res.status).toBe(204)
    const again = await runner.verify()
    expect([again.status, again.body]).toEqual([403, FORBIDDEN])
    const gone = await unregister(runner.token)
    expect(gone.status).toBe(403)
    const shown = await api(`/runners/${runnerId}`, { token: cast.maintainer.token })
    expect(shown.status).toBe(404)
  })
})

describe('a pipeline run stage by stage through the runner protocol', () => {
  let cast: Awaited<ReturnType<typeof ciProject>>
  let runner: RunnerClient
  let runnerId: number
  let pipeline: PipelineJson
  let build: JobPayload
  const jobs = () => pipelineJobs(cast.maintainer.token, cast.project.id, pipeline.id)
  const job = (name: string) => jobNamed(cast.maintainer.token, cast.project.id, pipeline.id, name)
  const readPipeline = () => getPipeline(cast.maintainer.token, cast.project.id, pipeline.id)

  beforeAll(async () => {
    cast = await ciProject({
      '.gitlab-ci.yml': STAGED_CONFIG,
      'message.txt': 'hello from the repository\n',
    })
    ;({ id: runnerId, runner } = await projectRunner(cast.maintainer, cast.project))
  }, 60_000)

  it('answers 204 with X-GitLab-Last-Update while nothing is pending', async () => {
    const res = await runner.requestJob('')
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect(res.lastUpdate).toMatch(/\S/)
  })

  it('hands out the first stage only, as a 201 JSON job payload', async () => {
    pipeline = await createPipeline(cast.developer.token, cast.project.id)
    expect(pipeline).toEqual(expect.objectContaining({ status: 'pending', sha: cast.sha }))
    const before = await jobs()
    expect(Object.fromEntries(before.map((j) => [j.name, j.status]))).toEqual({
      build: 'pending',
      test: 'created',
      deploy: 'created',
    })
    const res = await runner.requestJob()
    expect(res.status).toBe(201)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    build = res.job as JobPayload
    expect(build.id).toBe((before.find((j) => j.name === 'build') as JobJson).id)
    // One stage at a time: nothing else is pending yet.
    expect((await runner.requestJob('')).status).toBe(204)
  })

  it('describes the job, the project and the runner as Entities::Ci::JobRequest does', () => {
    expect(build).toEqual(
      expect.objectContaining({
        token: expect.any(String),
        allow_git_fetch: expect.any(Boolean),
        job_info: expect.objectContaining({
          name: 'build',
          stage: 'build',
          project_id: cast.project.id,
          // JobInfo#project_name is Project#name (CI_PROJECT_NAME is the path).
          project_name: cast.project.name,
        }),
        runner_info: expect.objectContaining({ timeout: expect.any(Number) }),
      }),
    )
    expect(build.token.length).toBeGreaterThanOrEqual(20)
    for (const field of [
      'image',
      'services',
      'artifacts',
      'cache',
      'credentials',
      'dependencies',
      'features',
    ]) {
      expect(build).toHaveProperty(field)
    }
    expect(build.steps[0]).toEqual({
      name: 'script',
      script: ['echo building', 'echo "job is $CI_JOB_NAME"'],
      timeout: expect.any(Number),
      when: 'on_success',
      allow_failure: false,
    })
  })

  it('points git at the repository with gitlab-ci-token and the persistent pipeline ref', () => {
    expect(build.git_info).toEqual(
      expect.objectContaining({
        ref: 'main',
        sha: cast.sha,
        ref_type: 'branch',
        depth: expect.any(Number),
      }),
    )
    const repoUrl = new URL(build.git_info.repo_url)
    expect(repoUrl.username).toBe('gitlab-ci-token')
    expect(decodeURIComponent(repoUrl.password)).toBe(build.token)
    expect(repoUrl.pathname).toBe(`/${cast.project.path_with_namespace}.git`)
    // Ci::BuildRunnerPresenter#refspecs: always refs/pipelines/<id>, then the branch.
    expect(build.git_info.refspecs).toEqual([
      `+refs/pipelines/${pipeline.id}:refs/pipelines/${pipeline.id}`,
      '+refs/heads/main:refs/remotes/origin/main',
    ])
  })

  it('carries the predefined variables, the job token masked', () => {
    const expected: Record<string, string> = {
      CI_JOB_ID: String(build.id),
      CI_JOB_NAME: 'build',
      CI_JOB_STAGE: 'build',
      CI_PIPELINE_ID: String(pipeline.id),
      CI_PROJECT_ID: String(cast.project.id),
      CI_PROJECT_PATH: cast.project.path_with_namespace,
      CI_COMMIT_SHA: cast.sha,
      CI_COMMIT_REF_NAME: 'main',
      CI_PIPELINE_SOURCE: 'api',
    }
    for (const [key, value] of Object.entries(expected)) {
      expect([key, variable(build, key)?.value]).toEqual([key, value])
    }
    expect(variable(build, 'CI_JOB_TOKEN')).toEqual(
      expect.objectContaining({ value: build.token, masked: true, public: false }),
    )
    expect(variable(build, 'CI_SERVER_URL')?.value).toMatch(/^https?:\/\//)
    expect(variable(build, 'CI_API_V4_URL')?.value).toMatch(/\/api\/v4$/)
    const keys = build.variables.map((v) => v.key)
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([])
  })

  it('shows the job running on this runner in the jobs API', async () => {
    expect(await getJob(cast.maintainer.token, cast.project.id, build.id)).toEqual(
      expect.objectContaining({
        status: 'running',
        runner: expect.objectContaining({ id: runnerId }),
      }),
    )
  })

  it('runs the job for real, streams its log and reports success', async () => {
    const result = await runExpecting(runner, build, 'success')
    expect(result.final?.status).toBe(200)
    expect(result.output).toContain('$ echo building\nbuilding\n')
    expect(result.output).toContain('job is build\n')
    expect(result.patches.length).toBeGreaterThanOrEqual(1)
    for (const patch of result.patches) expect(patch.status).toBe(202)

    const trace = await jobTrace(cast.developer.token, cast.project.id, build.id)
    expect(trace.status).toBe(200)
    expect(trace.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(trace.text).toBe(result.output)
    expect(trace.text).not.toContain(build.token)
    expect(traceChecksum(Buffer.from(trace.text))).toBe(traceChecksum(Buffer.from(result.output)))

    const done = await getJob(cast.maintainer.token, cast.project.id, build.id)
    expect(done.status).toBe('success')
  })

  it('makes the next stage pending and runs it from the cloned repository', async () => {
    const test = await waitForStatus(() => job('test'), 'pending')
    expect(test.status).toBe('pending')
    const payload = await runner.waitForJob()
    expect(payload.job_info.name).toBe('test')
    expect(payload.id).toBe(test.id)
    const result = await runExpecting(runner, payload, 'success')
    expect(result.output).toContain('hello from the repository')
  })

  it('leaves the manual deploy job manual and the pipeline successful', async () => {
    const deploy = await waitForStatus(() => job('deploy'), 'manual')
    expect(deploy.status).toBe('manual')
    const finished = await waitForStatus(readPipeline, 'success')
    expect(finished.status).toBe('success')
    expect((await runner.requestJob('')).status).toBe(204)
  })

  it('plays the manual job (200, pending), runs it, and the pipeline succeeds', async () => {
    const deploy = await job('deploy')
    const played = await api<JobJson>(`/projects/${cast.project.id}/jobs/${deploy.id}/play`, {
      method: 'POST',
      token: cast.developer.token,
    })
    expect(played.status).toBe(200)
    expect(played.body).toEqual(expect.objectContaining({ id: deploy.id, status: 'pending' }))
    const payload = await runner.waitForJob()
    expect(payload.job_info.name).toBe('deploy')
    await runExpecting(runner, payload, 'success')
    const finished = await waitForStatus(readPipeline, 'success')
    expect(finished.status).toBe('success')
    expect(Object.fromEntries((await jobs()).map((j) => [j.name, j.status]))).toEqual({
      build: 'success',
      test: 'success',
      deploy: 'success',
    })
  })

  it('holds a request carrying the current last_update until a job arrives (long poll)', async () => {
    const idle = await runner.requestJob('')
    expect(idle.status).toBe(204)
    const current = idle.lastUpdate as string
    const held = runner.requestJob(current)
    await sleep(1_000)
    const next = await createPipeline(cast.developer.token, cast.project.id)
    const answer = await held
    // Workhorse (internal/builds/register.go, WatchKeyStatusSeenChange) answers a bare 204
    // the moment the queue changes, and the runner asks again at once for the job.
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(900)
    expect(answer.elapsedMs).toBeLessThan(15_000)
    expect(answer.status).toBe(204)
    expect(answer.lastUpdate).toBeNull()
    const payload = await runner.waitForJob(5_000)
    expect(payload.job_info.name).toBe('build')
    expect(variable(payload, 'CI_PIPELINE_ID')?.value).toBe(String(next.id))
    await runExpecting(runner, payload, 'success')
    await api(`/projects/${cast.project.id}/pipelines/${next.id}/cancel`, {
      method: 'POST',
      token: cast.maintainer.token,
    })
  })
})

describe('job updates and the job log (PUT /jobs/:id, PATCH /jobs/:id/trace)', () => {
  let cast: Awaited<ReturnType<typeof ciProject>>
  let runner: RunnerClient
  let payload: JobPayload

  beforeAll(async () => {
    cast = await ciProject({ '.gitlab-ci.yml': FAILING_CONFIG })
    ;({ runner } = await projectRunner(cast.maintainer, cast.project))
    await createPipeline(cast.maintainer.token, cast.project.id, 'main', [
      { key: 'MODE', value: 'tolerate' },
    ])
    payload = await runner.waitForJob()
  }, 60_000)

  it('appends with Content-Range start-end (inclusive): 202, Range 0-size, Job-Status', async () => {
    const first = await runner.patchTrace(payload.id, payload.token, 'line one\n', 0)
    expect(first.status).toBe(202)
    expect(first.range).toBe('0-9')
    expect(first.jobStatus).toBe('running')
    expect(first.updateInterval).toMatch(/^\d+$/)
    const second = await runner.patchTrace(payload.id, payload.token, 'line two\n', 9)
    expect([second.status, second.range]).toEqual([202, '0-18'])
  })

  it('answers 416 with the stored size when the range does not start there', async () => {
    const ahead = await runner.patchTrace(payload.id, payload.token, 'gap\n', 100)
    expect([ahead.status, ahead.range]).toEqual([416, '0-18'])
    const behind = await runner.patchTrace(payload.id, payload.token, 'again\n', 3)
    expect([behind.status, behind.range]).toEqual([416, '0-18'])
    const log = await jobTrace(cast.maintainer.token, cast.project.id, payload.id)
    expect(log.text).toBe('line one\nline two\n')
  })

  it('wants Content-Range (400) and the job token (403)', async () => {
    const response = await fetch(apiUrl(`/jobs/${payload.id}/trace`), {
      method: 'PATCH',
      headers: { 'JOB-TOKEN': payload.token, 'Content-Type': 'text/plain' },
      body: 'x',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: '400 Missing header Content-Range' })
    const wrong = await runner.patchTrace(payload.id, `${payload.token}x`, 'x', 18)
    expect(wrong.status).toBe(403)
    const update = await runner.updateJob(payload.id, 'not-the-token', 'running')
    expect(update.status).toBe(403)
  })

  it('keeps the job alive with state=running (200) and fails it with an exit code', async () => {
    const alive = await runner.updateJob(payload.id, payload.token, 'running', {
      checksum: traceChecksum(Buffer.from('line one\nline two\n')),
      bytesize: 18,
    })
    expect(alive.status).toBe(200)
    const failed = await runner.updateJob(payload.id, payload.token, 'failed', {
      failureReason: 'script_failure',
      exitCode: 1,
    })
    expect(failed.status).toBe(200)
    const job = await getJob(cast.maintainer.token, cast.project.id, payload.id)
    expect(job).toEqual(
      expect.objectContaining({
        status: 'failed',
        failure_reason: 'script_failure',
        allow_failure: true,
      }),
    )
  })

  it('refuses PATCH and PUT once the job finished: 403 with Job-Status', async () => {
    const patch = await runner.patchTrace(payload.id, payload.token, 'late\n', 18)
    expect([patch.status, patch.jobStatus]).toEqual([403, 'failed'])
    const put = await runner.updateJob(payload.id, payload.token, 'success')
    expect([put.status, put.jobStatus]).toEqual([403, 'failed'])
  })

  it('runs the later stage after an allowed failure; the pipeline succeeds', async () => {
    const later = await runner.waitForJob()
    expect(later.job_info.name).toBe('later')
    await runExpecting(runner, later, 'success')
    const pipelineId = Number(variable(later, 'CI_PIPELINE_ID')?.value)
    const done = await waitForStatus(
      () => getPipeline(cast.maintainer.token, cast.project.id, pipelineId),
      'success',
    )
    expect(done.status).toBe('success')
  })

  it('fails the pipeline on exit 3 (script_failure) and skips the later stage', async () => {
    const pipeline = await createPipeline(cast.maintainer.token, cast.project.id, 'main', [
      { key: 'MODE', value: 'fail' },
    ])
    const job = await runner.waitForJob()
    expect(job.job_info.name).toBe('hard-fail')
    const result = await runExpecting(runner, job, 'failed')
    expect(result.exitCode).toBe(3)
    expect(result.final?.status).toBe(200)
    expect(result.output).toContain('about to fail')
    const failed = await getJob(cast.maintainer.token, cast.project.id, job.id)
    expect(failed).toEqual(
      expect.objectContaining({ status: 'failed', failure_reason: 'script_failure' }),
    )
    const done = await waitForStatus(
      () => getPipeline(cast.maintainer.token, cast.project.id, pipeline.id),
      'failed',
    )
    expect(done.status).toBe('failed')
    const later = await jobNamed(cast.maintainer.token, cast.project.id, pipeline.id, 'later')
    expect(later.status).toBe('skipped')
    expect((await runner.requestJob('')).status).toBe(204)

    // Retry: a new pending job the runner picks up.
    const retried = await api<JobJson>(`/projects/${cast.project.id}/jobs/${job.id}/retry`, {
      method: 'POST',
      token: cast.developer.token,
    })
    expect(retried.status).toBe(201)
    expect(retried.body).toEqual(expect.objectContaining({ name: 'hard-fail', status: 'pending' }))
    expect(retried.body.id).not.toBe(job.id)
    const again = await runner.waitForJob()
    expect(again.id).toBe(retried.body.id)
    await runExpecting(runner, again, 'failed')
  })

  it('tells the runner a job was canceled: PATCH and PUT answer 403, Job-Status canceled', async () => {
    await createPipeline(cast.maintainer.token, cast.project.id, 'main', [
      { key: 'MODE', value: 'fail' },
    ])
    const job = await runner.waitForJob()
    const cancel = await api<JobJson>(`/projects/${cast.project.id}/jobs/${job.id}/cancel`, {
      method: 'POST',
      token: cast.developer.token,
    })
    expect(cancel.status).toBe(201)
    expect(cancel.body.status).toBe('canceled')
    const patch = await runner.patchTrace(job.id, job.token, 'still running\n', 0)
    expect([patch.status, patch.jobStatus]).toEqual([403, 'canceled'])
    const put = await runner.updateJob(job.id, job.token, 'running')
    expect([put.status, put.jobStatus]).toEqual([403, 'canceled'])
    // The runner's reaction: it aborts the script and reports nothing more.
    const result = await runShellJob(runner, job, { patchIntervalMs: 100 })
    expect(result.aborted).toBe(true)
    expect((await getJob(cast.maintainer.token, cast.project.id, job.id)).status).toBe('canceled')
  })
})

describe('which runner gets which job', () => {
  it('gives a tagged job to a runner with the tag, not to an untagged one', async () => {
    const cast = await ciProject({ '.gitlab-ci.yml': TAGGED_CONFIG })
    const plain = await projectRunner(cast.maintainer, cast.project, { run_untagged: true })
    const docker = await projectRunner(cast.maintainer, cast.project, {
      tag_list: ['docker'],
      run_untagged: false,
    })
    const pipeline = await createPipeline(cast.maintainer.token, cast.project.id)
    expect((await plain.runner.requestJob('')).status).toBe(204)
    const job = await docker.runner.waitForJob()
    expect(job.job_info.name).toBe('in-docker')
    expect(variable(job, 'CI_PIPELINE_ID')?.value).toBe(String(pipeline.id))
    await runExpecting(docker.runner, job, 'success')
  })

  it('hands each of many pending jobs to exactly one of two runners polling at once', async () => {
    const cast = await ciProject({ '.gitlab-ci.yml': FAN_OUT_CONFIG })
    const runners = await Promise.all([
      projectRunner(cast.maintainer, cast.project),
      projectRunner(cast.maintainer, cast.project),
    ])
    const pipeline = await createPipeline(cast.maintainer.token, cast.project.id)
    const pending = await pipelineJobs(cast.maintainer.token, cast.project.id, pipeline.id)
    expect(pending.map((j) => j.status)).toEqual(Array(FAN_OUT).fill('pending'))

    const taken = new Map<number, { runnerId: number; job: JobPayload }[]>()
    const poll = async ({ id, runner }: { id: number; runner: RunnerClient }) => {
      let idle = 0
      const deadline = Date.now() + 30_000
      while (idle < 3 && Date.now() < deadline) {
        // No last_update: a long poll would hold the loop once the queue is empty.
        const res = await runner.requestJob('')
        if (res.status === 201 && res.job) {
          idle = 0
          const list = taken.get(res.job.id) ?? []
          list.push({ runnerId: id, job: res.job })
          taken.set(res.job.id, list)
        } else if (res.status === 204) {
          idle += 1
        } else if (res.status !== 409) {
          throw new Error(`POST /jobs/request: ${res.status} ${res.text}`)
        }
      }
    }
    await Promise.all(runners.flatMap((r) => [poll(r), poll(r)]))

    const twice = [...taken.entries()].filter(([, list]) => list.length > 1)
    expect(twice.map(([id, list]) => [id, list.map((t) => t.runnerId)])).toEqual([])
    expect([...taken.keys()].sort((a, b) => a - b)).toEqual(
      pending.map((j) => j.id).sort((a, b) => a - b),
    )
    const running = await pipelineJobs(cast.maintainer.token, cast.project.id, pipeline.id)
    const byRunner = new Map(runners.map((r) => [r.id, r.runner]))
    await Promise.all(
      [...taken.values()]
        .flat()
        .map(({ runnerId, job }) =>
          (byRunner.get(runnerId) as RunnerClient).updateJob(job.id, job.token, 'success'),
        ),
    )
    const done = await waitForStatus(
      () => getPipeline(cast.maintainer.token, cast.project.id, pipeline.id),
      'success',
    )
    expect(done.status).toBe('success')
    // The jobs API names the runner that took each job.
    for (const job of running) {
      const [picked] = taken.get(job.id) ?? []
      expect([job.id, job.status, job.runner?.id]).toEqual([job.id, 'running', picked?.runnerId])
    }
  })
})

describe('who may hold a long poll (POST /jobs/request with last_update)', () => {
  let runner: RunnerClient
  let current: string

  beforeAll(async () => {
    const cast = await ciProject({ 'notes.txt': 'no pipeline here\n' })
    ;({ runner } = await projectRunner(cast.maintainer, cast.project))
  }, 60_000)

  beforeEach(async () => {
    const idle = await runner.requestJob('')
    expect(idle.status).toBe(204)
    current = idle.lastUpdate as string
  })

  it('refuses an unknown token at once (403), not after the long-poll period', async () => {
    // The suite holds long polls for 5 s; the token is checked before any hold.
    const stranger = new RunnerClient('glrt-this-is-no-runner-token')
    const res = await stranger.requestJob(current)
    expect(res.status).toBe(403)
    expect(JSON.parse(res.text)).toEqual({ message: '403 Forbidden' })
    expect(res.elapsedMs).toBeLessThan(2_000)
  })

  it('holds two long polls of one runner; a third is answered 204 at once', async () => {
    // The cap is each gateway's, as each Workhorse holds its own polls: all three go to one
    // gateway, not through the balancer that alternates between them (REPLICAS=2).
    const pinned = new RunnerClient(runner.token, gatewayUrl())
    const finished: number[] = []
    const held = [pinned.requestJob(current), pinned.requestJob(current)].map((request) =>
      request.then((res) => {
        finished.push(Date.now())
        return res
      }),
    )
    await sleep(500)
    const extra = await pinned.requestJob(current)
    const extraDone = Date.now()
    expect(extra.status).toBe(204)
    expect(extra.lastUpdate).toMatch(/\S/)
    expect(extra.elapsedMs).toBeLessThan(2_000)
    const answers = await Promise.all(held)
    expect(answers.map((res) => res.status)).toEqual([204, 204])
    // The two within the cap were held past the extra one's answer.
    for (const at of finished) expect(at).toBeGreaterThan(extraDone)
    expect(Math.min(...answers.map((res) => res.elapsedMs))).toBeGreaterThan(extra.elapsedMs)
  })
})
