import { join } from 'node:path'
import { api } from './support/api'
import {
  createPipeline,
  createProjectRunner,
  getPipeline,
  pushFiles,
  type JobJson,
  type PipelineJson,
} from './support/ci-jobs'
import { createUserWithToken, type UserWithToken } from './support/factories'
import { UNAUTHORIZED } from './support/gitlab-errors'
import { cloneUrl, commitFile, git, withTempDir } from './support/git'
import { createProject } from './support/projects'
import { RunnerClient, type JobPayload } from './support/runner-client'
import { runShellJob } from './support/shell-executor'
import { baseUrl } from './support/suite-state'
import type { ProjectJson } from './support/types'

// Jobs run for real (git, bash, curl) on two shared cores.
jest.setTimeout(120_000)

/** Only API and downstream pipelines: a push must not hand the runner extra jobs. */
const API_ONLY = `workflow:
  rules:
    - if: $CI_PIPELINE_SOURCE == "push"
      when: never
    - when: always
`

/**
 * The upstream job triggers the downstream project from inside the job, as
 * users do: once with its own CI_JOB_TOKEN, once with a plain trigger token.
 */
const UPSTREAM_CONFIG = `${API_ONLY}
upstream:
  script:
    - echo "job $CI_JOB_ID of $CI_PROJECT_PATH"
    - curl -sS -o by-job-token.json -X POST --form "token=$CI_JOB_TOKEN" --form ref=main "$CI_API_V4_URL/projects/$DOWNSTREAM_ID/trigger/pipeline"
    - echo "BY_JOB_TOKEN=$(cat by-job-token.json)"
    - curl -sS -o by-trigger.json -X POST --form "token=$DOWNSTREAM_TRIGGER" --form ref=main "$CI_API_V4_URL/projects/$DOWNSTREAM_ID/trigger/pipeline"
    - echo "BY_TRIGGER=$(cat by-trigger.json)"
`

const DOWNSTREAM_CONFIG = `${API_ONLY}
downstream:
  script: echo downstream
`

const NOT_FOUND = { message: '404 Not Found' }

/** The two answers GitLab has given to a finished job's token on the trigger endpoint. */
const JOB_NOT_RUNNING = [
  [400, { message: '400 Job has to be running' }],
  [401, { message: 'Job is not running' }],
]

/** GET info/refs of a project's repository with gitlab-ci-token:<token>; the status. */
async function gitHttpStatus(
  project: ProjectJson,
  service: 'git-upload-pack' | 'git-receive-pack',
  token: string,
): Promise<number> {
  const basic = Buffer.from(`gitlab-ci-token:${token}`).toString('base64')
  const response = await fetch(
    `${baseUrl()}/${project.path_with_namespace}.git/info/refs?service=${service}`,
    { headers: { Authorization: `Basic ${basic}`, 'User-Agent': 'git/2.43.0' } },
  )
  await response.arrayBuffer()
  return response.status
}

function triggerWith(projectId: number, token: string) {
  return api<PipelineJson>(`/projects/${projectId}/trigger/pipeline`, {
    method: 'POST',
    form: { token, ref: 'main' },
  })
}

/** The field of a downstream pipeline that names its upstream, if the API shows one. */
function upstreamLink(pipeline: PipelineJson): [string, unknown] | undefined {
  return Object.entries(pipeline).find(
    ([key, value]) => /upstream|source_pipeline|triggered_by/.test(key) && value !== null,
  )
}

/** A line `NAME=<json>` the job printed. */
function printed<T>(output: string, name: string): T {
  const line = output.split('\n').find((l) => l.startsWith(`${name}=`))
  if (!line) throw new Error(`the job printed no ${name}:\n${output}`)
  return JSON.parse(line.slice(name.length + 1)) as T
}

describe('CI_JOB_TOKEN', () => {
  let owner: UserWithToken
  let upstream: ProjectJson
  let downstream: ProjectJson
  let runner: RunnerClient
  let upstreamPipeline: PipelineJson
  let job: JobPayload
  let triggerToken: string
  let linked: PipelineJson

  beforeAll(async () => {
    owner = await createUserWithToken()
    ;[upstream, downstream] = await Promise.all([
      createProject(owner.token, { initialize_with_readme: true, visibility: 'private' }),
      createProject(owner.token, { initialize_with_readme: true, visibility: 'private' }),
    ])
    await Promise.all([
      pushFiles(owner, upstream, { '.gitlab-ci.yml': UPSTREAM_CONFIG }),
      pushFiles(owner, downstream, { '.gitlab-ci.yml': DOWNSTREAM_CONFIG }),
    ])
    const created = await createProjectRunner(owner.token, upstream.id)
    runner = new RunnerClient(created.token)
    expect((await runner.verify()).status).toBe(200)
    const trigger = await api<{ token: string }>(`/projects/${downstream.id}/triggers`, {
      method: 'POST',
      token: owner.token,
      body: { description: 'from upstream' },
    })
    expect(trigger.status).toBe(201)
    triggerToken = trigger.body.token
    upstreamPipeline = await createPipeline(owner.token, upstream.id, 'main', [
      { key: 'DOWNSTREAM_ID', value: String(downstream.id) },
      { key: 'DOWNSTREAM_TRIGGER', value: triggerToken },
    ])
    // Taken by the runner: running, its token alive, its script not started yet.
    job = await runner.waitForJob()
  }, 90_000)

  it('authenticates GET /job with the JOB-TOKEN header while the job runs', async () => {
    const res = await api<JobJson>('/job', { headers: { 'JOB-TOKEN': job.token } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual(
      expect.objectContaining({
        id: job.id,
        name: 'upstream',
        status: 'running',
        pipeline: expect.objectContaining({ id: upstreamPipeline.id }),
        // The job's user may read the code, so the job shows the commit it runs on.
        commit: expect.objectContaining({ id: upstreamPipeline.sha }),
      }),
    )
    const personal = await api('/job', { token: owner.token })
    expect([personal.status, personal.body]).toEqual([404, { message: '404 Job Not Found' }])
  })

  it('cannot trigger a project whose allowlist lacks the job project (404 Not Found)', async () => {
    const scope = await api(`/projects/${downstream.id}/job_token_scope`, { token: owner.token })
    expect([scope.status, scope.body]).toEqual([
      200,
      { inbound_enabled: true, outbound_enabled: false },
    ])
    const res = await triggerWith(downstream.id, job.token)
    expect([res.status, res.body]).toEqual([404, NOT_FOUND])
  })

  it('adds the upstream project to the allowlist (201) and lists it', async () => {
    const added = await api(`/projects/${downstream.id}/job_token_scope/allowlist`, {
      method: 'POST',
      token: owner.token,
      body: { target_project_id: upstream.id },
    })
    expect([added.status, added.body]).toEqual([
      201,
      // Entities::ProjectScopeLink: the source is the project whose scope this is.
      { source_project_id: downstream.id, target_project_id: upstream.id },
    ])
    const list = await api<ProjectJson[]>(`/projects/${downstream.id}/job_token_scope/allowlist`, {
      token: owner.token,
    })
    expect(list.status).toBe(200)
    expect(list.body.map((p) => p.id)).toEqual(expect.arrayContaining([upstream.id]))
    const unknown = await api(`/projects/${downstream.id}/job_token_scope/allowlist`, {
      method: 'POST',
      token: owner.token,
      body: { target_project_id: 999_999_999 },
    })
    expect(unknown.status).toBe(404)
  })

  it('triggers a downstream pipeline with source pipeline, linked to the job', async () => {
    const res = await triggerWith(downstream.id, job.token)
    expect(res.status).toBe(201)
    expect(res.body).toEqual(
      expect.objectContaining({
        project_id: downstream.id,
        ref: 'main',
        source: 'pipeline',
        user: expect.objectContaining({ id: owner.user.id }),
      }),
    )
    linked = await getPipeline(owner.token, downstream.id, res.body.id)
    expect(linked.source).toBe('pipeline')
    expect(linked).toEqual(
      expect.objectContaining({
        source_job: { id: job.id },
        upstream_pipeline: { id: upstreamPipeline.id, project_id: upstream.id },
      }),
    )
  })

  it('clones with gitlab-ci-token and the job token, but may not push', async () => {
    expect(await gitHttpStatus(upstream, 'git-upload-pack', job.token)).toBe(200)
    expect(await gitHttpStatus(upstream, 'git-receive-pack', job.token)).toBe(403)
    await withTempDir(async (dir) => {
      const url = cloneUrl(upstream.path_with_namespace, {
        username: 'gitlab-ci-token',
        token: job.token,
      })
      const clone = await git(['clone', '-q', url, 'wt'], dir)
      expect(clone.code === 0 ? 0 : clone.stderr).toBe(0)
      const wt = join(dir, 'wt')
      await commitFile(wt, 'from-job.txt', 'x\n', 'Pushed by a job')
      const push = await git(['push', '-q', url, 'HEAD:main'], wt)
      expect(push.code).not.toBe(0)
    })
  })

  it('runs the job: curl with CI_JOB_TOKEN and with a trigger token from inside it', async () => {
    const result = await runShellJob(runner, job)
    if (result.state !== 'success') throw new Error(`upstream job failed:\n${result.output}`)
    expect(result.output).not.toContain(job.token)

    const byJob = printed<PipelineJson>(result.output, 'BY_JOB_TOKEN')
    expect(byJob).toEqual(
      expect.objectContaining({ project_id: downstream.id, source: 'pipeline' }),
    )
    const byTrigger = printed<PipelineJson>(result.output, 'BY_TRIGGER')
    expect(byTrigger).toEqual(
      expect.objectContaining({ project_id: downstream.id, source: 'trigger' }),
    )
    const plain = await getPipeline(owner.token, downstream.id, byTrigger.id)
    expect(plain.source).toBe('trigger')
    expect(upstreamLink(plain)).toBeUndefined()
  })

  it('is dead once the job finished: trigger, GET /job and git all refuse it', async () => {
    const res = await triggerWith(downstream.id, job.token)
    expect(JOB_NOT_RUNNING).toContainEqual([res.status, res.body])
    const current = await api('/job', { headers: { 'JOB-TOKEN': job.token } })
    expect([current.status, current.body]).toEqual([401, UNAUTHORIZED])
    expect(await gitHttpStatus(upstream, 'git-upload-pack', job.token)).toBe(401)
    await withTempDir(async (dir) => {
      const url = cloneUrl(upstream.path_with_namespace, {
        username: 'gitlab-ci-token',
        token: job.token,
      })
      const clone = await git(['clone', '-q', url, 'wt'], dir)
      expect(clone.code).not.toBe(0)
    })
  })

  it('refuses new jobs again once the project leaves the allowlist (204, then 404)', async () => {
    const removed = await api(
      `/projects/${downstream.id}/job_token_scope/allowlist/${upstream.id}`,
      { method: 'DELETE', token: owner.token },
    )
    expect(removed.status).toBe(204)
    const list = await api<ProjectJson[]>(`/projects/${downstream.id}/job_token_scope/allowlist`, {
      token: owner.token,
    })
    expect(list.body.map((p) => p.id)).not.toContain(upstream.id)

    await createPipeline(owner.token, upstream.id, 'main', [
      { key: 'DOWNSTREAM_ID', value: String(downstream.id) },
      { key: 'DOWNSTREAM_TRIGGER', value: triggerToken },
    ])
    const next = await runner.waitForJob()
    const res = await triggerWith(downstream.id, next.token)
    expect([res.status, res.body]).toEqual([404, NOT_FOUND])
    const done = await runner.updateJob(next.id, next.token, 'success')
    expect(done.status).toBe(200)
  })
})
