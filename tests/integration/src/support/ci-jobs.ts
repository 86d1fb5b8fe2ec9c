import { join } from 'node:path'
import { writeFileSync } from 'node:fs'
import { api, eventually } from './api'
import type { UserWithToken } from './factories'
import { cloneUrl, gitOk, withTempDir } from './git'
import type { RegistrationJson } from './runner-client'
import type { ProjectJson } from './types'

/** Entities::Ci::Pipeline, the fields CI tests read. */
export interface PipelineJson {
  id: number
  iid: number
  project_id: number
  sha: string
  ref: string
  status: string
  source: string
  [field: string]: unknown
}

/** Entities::Ci::Job, the fields CI tests read. */
export interface JobJson {
  id: number
  name: string
  stage: string
  status: string
  allow_failure: boolean
  failure_reason?: string
  pipeline: { id: number; [field: string]: unknown }
  runner: { id: number; [field: string]: unknown } | null
  [field: string]: unknown
}

function expectStatus(what: string, status: number, expected: number, text: string): void {
  if (status !== expected) {
    throw new Error(`${what}: expected ${expected}, got ${status}: ${text.slice(0, 500)}`)
  }
}

/**
 * Pushes `files` to `branch` (main by default) of an existing project with git
 * over HTTP, as its owner; returns the new head. The project must have a main
 * branch or be empty; another branch must exist.
 */
export function pushFiles(
  owner: UserWithToken,
  project: ProjectJson,
  files: Record<string, string>,
  message = 'Add CI configuration',
  branch = 'main',
): Promise<string> {
  const url = cloneUrl(project.path_with_namespace, {
    username: owner.user.username,
    token: owner.token,
  })
  return withTempDir(async (dir) => {
    await gitOk(['clone', '-q', url, 'wt'], dir)
    const wt = join(dir, 'wt')
    const start = branch === 'main' ? [] : [`origin/${branch}`]
    await gitOk(['checkout', '-q', '-B', branch, ...start], wt)
    for (const [name, content] of Object.entries(files)) writeFileSync(join(wt, name), content)
    await gitOk(['add', '--', ...Object.keys(files)], wt)
    await gitOk(['commit', '-q', '-m', message], wt)
    await gitOk(['push', '-q', url, branch], wt)
    return (await gitOk(['rev-parse', 'HEAD'], wt)).trim()
  })
}

/** POST /projects/:id/pipeline (source `api`); throws unless 201. */
export async function createPipeline(
  token: string,
  projectId: number,
  ref = 'main',
  variables: { key: string; value: string }[] = [],
): Promise<PipelineJson> {
  const res = await api<PipelineJson>(`/projects/${projectId}/pipeline`, {
    method: 'POST',
    token,
    body: { ref, variables },
  })
  expectStatus('POST /projects/:id/pipeline', res.status, 201, res.text)
  return res.body
}

export async function getPipeline(
  token: string,
  projectId: number,
  pipelineId: number,
): Promise<PipelineJson> {
  const res = await api<PipelineJson>(`/projects/${projectId}/pipelines/${pipelineId}`, { token })
  expectStatus('GET /projects/:id/pipelines/:pipeline_id', res.status, 200, res.text)
  return res.body
}

/** GET /projects/:id/pipelines/:pipeline_id/jobs, every job (100 is plenty here). */
export async function pipelineJobs(
  token: string,
  projectId: number,
  pipelineId: number,
): Promise<JobJson[]> {
  const res = await api<JobJson[]>(`/projects/${projectId}/pipelines/${pipelineId}/jobs`, {
    token,
    query: { per_page: 100 },
  })
  expectStatus('GET /projects/:id/pipelines/:pipeline_id/jobs', res.status, 200, res.text)
  return res.body
}

/** The job called `name` in a pipeline; throws when there is none. */
export async function jobNamed(
  token: string,
  projectId: number,
  pipelineId: number,
  name: string,
): Promise<JobJson> {
  const jobs = await pipelineJobs(token, projectId, pipelineId)
  const job = jobs.find((j) => j.name === name)
  if (!job) {
    throw new Error(
      `pipeline ${pipelineId} has no job ${name}: ${jobs.map((j) => j.name).join(', ')}`,
    )
  }
  return job
}

export async function getJob(token: string, projectId: number, jobId: number): Promise<JobJson> {
  const res = await api<JobJson>(`/projects/${projectId}/jobs/${jobId}`, { token })
  expectStatus('GET /projects/:id/jobs/:job_id', res.status, 200, res.text)
  return res.body
}

/**
 * Polls until `read` gives a value whose status is `status`; returns the last
 * value read, so a failing expectation shows where it stood.
 */
export async function waitForStatus<T extends { status: string }>(
  read: () => Promise<T>,
  status: string,
  timeoutMs = 15_000,
): Promise<T> {
  let last = await read()
  await eventually(async () => {
    last = await read()
    return last.status === status
  }, timeoutMs)
  return last
}

/** GET /projects/:id/jobs/:job_id/trace: the job log as text. */
export async function jobTrace(token: string, projectId: number, jobId: number) {
  return api(`/projects/${projectId}/jobs/${jobId}/trace`, { token })
}

export interface RunnerAttributes {
  description?: string
  tag_list?: string[]
  run_untagged?: boolean
  locked?: boolean
  paused?: boolean
  maximum_timeout?: number
}

/** POST /user/runners with runner_type project_type: the glrt- token, shown once. */
export async function createProjectRunner(
  token: string,
  projectId: number,
  attributes: RunnerAttributes = {},
): Promise<RegistrationJson> {
  const res = await api<RegistrationJson>('/user/runners', {
    method: 'POST',
    token,
    body: { runner_type: 'project_type', project_id: projectId, ...attributes },
  })
  expectStatus('POST /user/runners', res.status, 201, res.text)
  return res.body
}
