import { randomBytes } from 'node:crypto'
import { apiUrl } from './api'

/**
 * GitLab Runner's side of the runner API, spoken the way its network client
 * speaks it (gitlab-org/gitlab-runner network/gitlab.go, network/client.go,
 * network/trace.go, common/network.go; facts in /work/notes/runner-protocol.md):
 * same paths, JSON bodies with the token inside, JOB-TOKEN and Content-Range on
 * trace patches, the same User-Agent, and the same reactions to status codes.
 */

export const RUNNER_VERSION = '17.5.0'
export const RUNNER_REVISION = '8ec04662'
/** common.AppVersionInfo.UserAgent(): name version (branch; go version; os/arch). */
export const USER_AGENT = `gitlab-runner ${RUNNER_VERSION} (17-5-stable; go1.22.7; linux/amd64)`

/** What a shell executor on bash advertises (network client + shell executor + bash). */
export const SHELL_FEATURES: Record<string, boolean> = {
  variables: true,
  image: false,
  services: false,
  artifacts: true,
  cache: true,
  fallback_cache_keys: true,
  shared: true,
  upload_multiple_artifacts: true,
  upload_raw_artifacts: true,
  session: true,
  terminal: true,
  refspecs: true,
  masking: true,
  proxy: false,
  raw_variables: true,
  artifacts_exclude: true,
  multi_build_steps: true,
  trace_reset: true,
  trace_checksum: true,
  trace_size: true,
  vault_secrets: true,
  cancelable: true,
  return_exit_code: true,
  service_variables: false,
  service_multiple_aliases: false,
  image_executor_opts: false,
  service_executor_opts: false,
  // Not advertised: GitLab then cancels a running job straight to `canceled`.
  cancel_gracefully: false,
  native_steps_integration: false,
}

/** common.VersionInfo as RequestJob and UpdateJob send it. */
export function versionInfo(): Record<string, unknown> {
  return {
    name: 'gitlab-runner',
    version: RUNNER_VERSION,
    revision: RUNNER_REVISION,
    platform: 'linux',
    architecture: 'amd64',
    executor: 'shell',
    shell: 'bash',
    features: SHELL_FEATURES,
    config: { gpus: '' },
  }
}

export interface RunnerResponse<T = unknown> {
  status: number
  headers: Headers
  body: T
  text: string
}

/**
 * client.doJSON: a JSON body (omitted when null), Content-Type application/json,
 * Accept application/json only when a JSON answer is expected, no auth header.
 */
async function doJSON<T>(
  method: string,
  path: string,
  request: unknown,
  expectJson: boolean,
  origin?: string,
): Promise<RunnerResponse<T>> {
  const headers: Record<string, string> = { 'User-Agent': USER_AGENT }
  if (expectJson) headers['Accept'] = 'application/json'
  let body: string | undefined
  if (request !== null) {
    body = JSON.stringify(request)
    headers['Content-Type'] = 'application/json'
  }
  const url = origin === undefined ? apiUrl(path) : `${origin}/api/v4${path}`
  const response = await fetch(url, { method, headers, body })
  const text = await response.text()
  const contentType = response.headers.get('content-type') ?? ''
  const parsed: unknown =
    contentType.startsWith('application/json') && text !== '' ? JSON.parse(text) : undefined
  return { status: response.status, headers: response.headers, body: parsed as T, text }
}

export interface RegistrationJson {
  id: number
  token: string
  token_expires_at: string | null
}

/** A runner's system id as gitlab-runner makes it: `s_` and twelve hex digits. */
export function newSystemId(): string {
  return `s_${randomBytes(6).toString('hex')}`
}

/** `gitlab-runner register --token glrt-…`: only POST /runners/verify. */
export function registerWithToken(
  token: string,
  systemId = newSystemId(),
): Promise<RunnerResponse<RegistrationJson>> {
  return doJSON('POST', '/runners/verify', { token, system_id: systemId }, true)
}

export interface LegacyRegistration {
  description?: string
  maintenance_note?: string
  /** The runner sends tags comma separated, as one string. */
  tag_list?: string
  run_untagged?: boolean
  locked?: boolean
  access_level?: string
  maximum_timeout?: number
  paused?: boolean
}

/** `gitlab-runner register --registration-token …`: POST /runners (deprecated flow). */
export function legacyRegister(
  registrationToken: string,
  parameters: LegacyRegistration = {},
): Promise<RunnerResponse<RegistrationJson>> {
  // run_untagged, locked and paused have no omitempty: always sent.
  const request = {
    run_untagged: false,
    locked: false,
    paused: false,
    ...parameters,
    info: versionInfo(),
    token: registrationToken,
  }
  return doJSON('POST', '/runners', request, true)
}

/** `gitlab-runner unregister`: DELETE /runners with the token in a JSON body. */
export function unregister(token: string): Promise<RunnerResponse> {
  return doJSON('DELETE', '/runners', { token }, false)
}

export interface JobVariable {
  key: string
  value: string
  public?: boolean
  file?: boolean
  masked?: boolean
  raw?: boolean
}

export interface JobStep {
  name: string
  script: string[]
  timeout: number
  when: string
  allow_failure: boolean
}

/** common.JobResponse: the fields the runner decodes. */
export interface JobPayload {
  id: number
  token: string
  allow_git_fetch: boolean
  job_info: {
    id?: number
    name: string
    stage: string
    project_id: number
    project_name: string
    [field: string]: unknown
  }
  git_info: {
    repo_url: string
    ref: string
    sha: string
    before_sha: string
    ref_type: string
    refspecs: string[]
    depth: number
    [field: string]: unknown
  }
  runner_info: { timeout: number; [field: string]: unknown }
  variables: JobVariable[]
  steps: JobStep[]
  image: unknown
  services: unknown
  artifacts: unknown
  cache: unknown
  credentials: unknown
  dependencies: unknown
  features: unknown
  [field: string]: unknown
}

export interface JobRequestResult {
  status: number
  job: JobPayload | undefined
  /** X-GitLab-Last-Update of the answer, when it carried one. */
  lastUpdate: string | null
  headers: Headers
  text: string
  /** Milliseconds the request took (long polls hold it). */
  elapsedMs: number
}

export interface UpdateOptions {
  failureReason?: string
  exitCode?: number
  checksum?: string
  bytesize?: number
}

export interface UpdateResult {
  status: number
  headers: Headers
  jobStatus: string | null
  text: string
}

export interface PatchResult {
  status: number
  /** The Range header: `0-<size of the stored log>`. */
  range: string | null
  jobStatus: string | null
  updateInterval: string | null
  text: string
}

/**
 * One registered runner: its authentication token, its system id, and the
 * X-GitLab-Last-Update it last saw, which it sends back as `last_update` on the
 * next job request exactly as network/client.go does.
 */
export class RunnerClient {
  readonly systemId = newSystemId()
  lastUpdate = ''

  /**
   * `origin`, when given, is the one gateway this client's job requests go to
   * (what a gateway holds, such as its long polls, is its own); else the suite's URL.
   */
  constructor(
    readonly token: string,
    private readonly origin?: string,
  ) {}

  private remember(headers: Headers): void {
    const value = headers.get('x-gitlab-last-update')
    if (value) this.lastUpdate = value
  }

  /** POST /runners/verify with this runner's token and system id. */
  async verify(): Promise<RunnerResponse<RegistrationJson>> {
    const res = await registerWithToken(this.token, this.systemId)
    this.remember(res.headers)
    return res
  }

  /**
   * POST /jobs/request. `lastUpdate` overrides what the runner would send
   * (pass '' to send none); the answer's X-GitLab-Last-Update is remembered.
   */
  async requestJob(lastUpdate: string = this.lastUpdate): Promise<JobRequestResult> {
    const request: Record<string, unknown> = {
      info: versionInfo(),
      token: this.token,
      system_id: this.systemId,
    }
    if (lastUpdate !== '') request.last_update = lastUpdate
    const started = Date.now()
    const res = await doJSON<JobPayload>('POST', '/jobs/request', request, true, this.origin)
    this.remember(res.headers)
    return {
      status: res.status,
      job: res.status === 201 ? res.body : undefined,
      lastUpdate: res.headers.get('x-gitlab-last-update'),
      headers: res.headers,
      text: res.text,
      elapsedMs: Date.now() - started,
    }
  }

  /** PUT /jobs/:id with the job token in the body (common.UpdateJobRequest). */
  async updateJob(
    id: number,
    jobToken: string,
    state: 'running' | 'success' | 'failed',
    options: UpdateOptions = {},
  ): Promise<UpdateResult> {
    const request: Record<string, unknown> = { info: versionInfo(), token: jobToken, state }
    if (options.failureReason) request.failure_reason = options.failureReason
    if (options.checksum) request.checksum = options.checksum // deprecated copy, still sent
    const output: Record<string, unknown> = {}
    if (options.checksum) output.checksum = options.checksum
    if (options.bytesize) output.bytesize = options.bytesize
    request.output = output
    if (options.exitCode) request.exit_code = options.exitCode // omitempty: 0 is not sent
    const res = await doJSON('PUT', `/jobs/${id}`, request, false)
    return {
      status: res.status,
      headers: res.headers,
      jobStatus: res.headers.get('job-status'),
      text: res.text,
    }
  }

  /**
   * PATCH /jobs/:id/trace: JOB-TOKEN header, `Content-Range: start-end` with an
   * inclusive end and no unit, text/plain body. `contentRange` overrides the header.
   */
  async patchTrace(
    id: number,
    jobToken: string,
    content: string | Buffer,
    offset: number,
    contentRange?: string,
  ): Promise<PatchResult> {
    const bytes = typeof content === 'string' ? Buffer.from(content) : content
    const range = contentRange ?? `${offset}-${offset + bytes.length - 1}`
    const response = await fetch(apiUrl(`/jobs/${id}/trace`, { debug_trace: 'false' }), {
      method: 'PATCH',
      headers: {
        'User-Agent': USER_AGENT,
        'Content-Type': 'text/plain',
        'Content-Range': range,
        'JOB-TOKEN': jobToken,
      },
      body: bytes,
    })
    const text = await response.text()
    return {
      status: response.status,
      range: response.headers.get('range'),
      jobStatus: response.headers.get('job-status'),
      updateInterval: response.headers.get('x-gitlab-trace-update-interval'),
      text,
    }
  }

  /** Polls jobs/request until a job comes (201) or `timeoutMs` passes. */
  async waitForJob(timeoutMs = 20_000, intervalMs = 300): Promise<JobPayload> {
    const deadline = Date.now() + timeoutMs
    let last: JobRequestResult | undefined
    while (Date.now() < deadline) {
      last = await this.requestJob()
      if (last.status === 201 && last.job) return last.job
      if (last.status !== 204 && last.status !== 409) {
        throw new Error(`POST /jobs/request: expected 201 or 204, got ${last.status}: ${last.text}`)
      }
      await sleep(intervalMs)
    }
    throw new Error(
      `POST /jobs/request: no job within ${timeoutMs} ms (last ${last?.status}: ${last?.text})`,
    )
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
