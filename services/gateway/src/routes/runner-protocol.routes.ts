import { status } from '@grpc/grpc-js'
import express, { type Request, type Response } from 'express'
import type { RunnerInfo, RunnerSettings } from '@suite/proto'
import { isServiceError, KeyedSlots } from '@suite/runtime'
import type { PipelinesClients } from '../clients/pipelines.client.js'
import { requireField } from '../clients/require-field.js'
import { presentRunnerJob } from '../entities/runner-job.entity.js'
import { HttpError } from '../errors/http-error.js'
import { sendJson } from '../middleware/json-response.js'
import { p } from '../params/coercions.js'
import { parseParams } from '../params/parse-params.js'
import { rawParams } from '../params/raw-params.js'
import type { ApiRouter } from './api-router.js'

/** What the runner protocol routes call. */
export interface RunnerProtocolDeps {
  pipelines: Pick<PipelinesClients, 'runners' | 'jobRequests'>
  /** How long POST /jobs/request holds a runner whose queue has not changed. */
  longPollMs: number
  /** How many long polls one runner may hold at once; more are answered at once. */
  longPollsPerRunner: number
}

/** GitLab raises the interval to 30 s when nobody watches a log; 3 s keeps logs live. */
const TRACE_UPDATE_INTERVAL = '3'
/** How often a held long poll looks at the queue's version. */
const LONG_POLL_CHECK_MS = 500
/** The runner sends its log in chunks of at most 1 MiB; room for a little more. */
const TRACE_CHUNK_LIMIT = '2mb'

const tagList = p.array(p.string(), { commaSeparated: true })

/** The runner's registration settings (lib/api/ci/runner.rb POST /runners). */
const registrationParams = {
  token: p.string().required(),
  description: p.string(),
  maintenance_note: p.string(),
  maintainer_note: p.string(),
  tag_list: tagList,
  run_untagged: p.bool(),
  locked: p.bool(),
  access_level: p.string(),
  maximum_timeout: p.int(),
  paused: p.bool(),
  active: p.bool(),
}

const tokenParams = { token: p.string().required(), system_id: p.string() }

const requestParams = {
  token: p.string().required(),
  system_id: p.string(),
  last_update: p.string(),
}

const updateParams = {
  id: p.int().required(),
  token: p.string().required(),
  state: p.string(),
  failure_reason: p.string(),
  exit_code: p.int(),
  checksum: p.string(),
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The runner's `info` hash, as far as it is text. */
function runnerInfo(raw: Record<string, unknown>): RunnerInfo {
  const info = isRecord(raw['info']) ? raw['info'] : {}
  const field = (name: string) => (typeof info[name] === 'string' ? info[name] : '')
  return {
    name: field('name'),
    version: field('version'),
    revision: field('revision'),
    platform: field('platform'),
    architecture: field('architecture'),
    executor: field('executor'),
    shell: field('shell'),
  }
}

/** The registration token's owner answered 403, or registration is off (410 Gone). */
function registrationError(error: unknown): unknown {
  if (!isServiceError(error)) return error
  if (error.code === status.FAILED_PRECONDITION) {
    return new HttpError(410, { message: '410 Gone - runner registration disallowed' })
  }
  if (error.code === status.PERMISSION_DENIED) {
    return new HttpError(403, { message: '403 Forbidden - invalid token supplied' })
  }
  return error
}

/** RunnerRegistrationDetails: what register and verify answer. */
function registrationDetails(
  runner: { id: number; tokenExpiresAt?: Date | undefined },
  token: string,
) {
  return { id: runner.id, token, token_expires_at: runner.tokenExpiresAt?.toISOString() ?? null }
}

/** Waits until the queue's version differs from `seen`, the time is up, or the runner left. */
async function waitForQueueChange(
  deps: RunnerProtocolDeps,
  req: Request,
  seen: string,
): Promise<string> {
  const deadline = Date.now() + deps.longPollMs
  let gone = false
  req.on('close', () => {
    gone = true
  })
  let version = seen
  while (version === seen && !gone && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, LONG_POLL_CHECK_MS))
    version = (await deps.pipelines.jobRequests.getQueueVersion({})).queueVersion
  }
  return version
}

/** Content-Range as the runner sends it: `<start>-<end>`, end inclusive; only the start counts. */
function rangeStart(header: string | undefined): number | undefined {
  const match = /^(\d+)-(\d+)$/.exec(header?.trim() ?? '')
  if (!match?.[1]) return undefined
  const start = Number(match[1])
  return Number.isSafeInteger(start) ? start : undefined
}

function sendText(res: Response, code: number, body: string, headers: Record<string, string>) {
  res.status(code).set(headers)
  res.setHeader('Content-Type', 'application/json')
  res.send(body)
}

/**
 * GitLab Runner's side of the API (lib/api/ci/runner.rb), as gitlab-runner's
 * network client speaks it: registration, verification and removal by
 * runner token, the job queue (long polled, as Workhorse holds it), job
 * updates and log appends by job token. These authenticate by the tokens in
 * their bodies and headers alone, so they bypass the route pipeline's
 * personal-token authentication; ci-triggers checks every token.
 */
export function runnerProtocolRoutes(api: ApiRouter, deps: RunnerProtocolDeps): void {
  const route = (req: Request, res: Response, path: string) => {
    res.locals['route'] = `${req.baseUrl}${path}`
  }

  api.router.post('/runners', async (req, res) => {
    route(req, res, '/runners')
    const raw = rawParams(req)
    const params = parseParams(registrationParams, raw)
    const settings: RunnerSettings = {
      description: params.description,
      paused: params.paused ?? (params.active === undefined ? undefined : !params.active),
      locked: params.locked,
      runUntagged: params.run_untagged,
      tagList: params.tag_list === undefined ? undefined : { tags: params.tag_list },
      accessLevel: params.access_level,
      maximumTimeout: params.maximum_timeout,
      maintenanceNote: params.maintenance_note ?? params.maintainer_note,
    }
    const answer = await deps.pipelines.runners
      .registerRunner({
        registrationToken: params.token,
        settings,
        info: runnerInfo(raw),
        ipAddress: req.ip ?? '',
      })
      .catch((error: unknown) => {
        throw registrationError(error)
      })
    sendJson(res, 201, registrationDetails(requireField(answer.runner, 'runner'), answer.token))
  })

  api.router.post('/runners/verify', async (req, res) => {
    route(req, res, '/runners/verify')
    const params = parseParams(tokenParams, rawParams(req))
    const { runner } = await deps.pipelines.runners.verifyRunner({
      token: params.token,
      systemId: params.system_id ?? '',
    })
    sendJson(res, 200, registrationDetails(requireField(runner, 'runner'), params.token))
  })

  api.router.delete('/runners', async (req, res) => {
    route(req, res, '/runners')
    const params = parseParams(tokenParams, rawParams(req))
    await deps.pipelines.runners.unregisterRunner({ token: params.token })
    res.status(204).end()
  })

  // Per gateway process, as Workhorse holds its own: a held poll is a socket and a timer here.
  const longPolls = new KeyedSlots<number>(deps.longPollsPerRunner)

  /**
   * Workhorse's long poll: nothing changed since the runner last asked, so
   * wait for a change. Only a runner whose token checks out is held (an
   * unknown token is refused at once, as authenticate_runner! does), and only
   * so many times at once; beyond that it hears "nothing new" at once.
   * Whether the request should go on to ask for a job: only when it was not held.
   */
  async function heldUntilChange(
    req: Request,
    res: Response,
    params: { token: string; system_id?: string | undefined; last_update?: string | undefined },
  ): Promise<boolean> {
    if (params.last_update === undefined || params.last_update === '' || deps.longPollMs <= 0) {
      return true
    }
    const { queueVersion } = await deps.pipelines.jobRequests.getQueueVersion({})
    if (queueVersion !== params.last_update) return true
    const { runner } = await deps.pipelines.runners.verifyRunner({
      token: params.token,
      systemId: params.system_id ?? '',
    })
    const release = longPolls.take(requireField(runner, 'runner').id)
    let changed = queueVersion
    if (release) {
      try {
        changed = await waitForQueueChange(deps, req, queueVersion)
      } finally {
        release()
      }
    }
    // A change seen while holding: Workhorse answers a bare 204 (WatchKeyStatusSeenChange,
    // internal/builds/register.go) and the runner asks again at once, with the old last_update.
    if (changed !== queueVersion) res.status(204).end()
    else res.status(204).set('X-GitLab-Last-Update', queueVersion).end()
    return false
  }

  api.router.post('/jobs/request', async (req, res) => {
    route(req, res, '/jobs/request')
    const raw = rawParams(req)
    const params = parseParams(requestParams, raw)
    const calls = deps.pipelines.jobRequests
    if (!(await heldUntilChange(req, res, params))) return
    const answer = await calls.requestJob({
      token: params.token,
      systemId: params.system_id ?? '',
      info: runnerInfo(raw),
      ipAddress: req.ip ?? '',
    })
    if (!answer.job) {
      res.status(204).set('X-GitLab-Last-Update', answer.queueVersion).end()
      return
    }
    sendJson(res, 201, presentRunnerJob(answer.job), {
      'X-GitLab-Last-Update': answer.queueVersion,
    })
  })

  api.router.put('/jobs/:id', async (req, res) => {
    route(req, res, '/jobs/:id')
    const params = parseParams(updateParams, rawParams(req))
    const answer = await deps.pipelines.jobRequests.updateJob({
      jobId: params.id,
      token: params.token,
      state: params.state ?? '',
      failureReason: params.failure_reason,
      exitCode: params.exit_code,
      checksum: params.checksum,
    })
    const headers = {
      'Job-Status': answer.jobStatus,
      'X-GitLab-Trace-Update-Interval': TRACE_UPDATE_INTERVAL,
    }
    if (answer.refusal !== '') {
      throw new HttpError(403, { message: `403 Forbidden - ${answer.refusal}` }, headers)
    }
    sendText(res, 200, '200', headers)
  })

  api.router.patch(
    '/jobs/:id/trace',
    express.raw({ type: () => true, limit: TRACE_CHUNK_LIMIT }),
    async (req, res) => {
      route(req, res, '/jobs/:id/trace')
      const params = parseParams(
        { id: p.int().required(), token: p.string() },
        { id: req.params['id'], token: req.query['token'] },
      )
      const token = req.get('job-token') ?? params.token ?? ''
      const header = req.get('content-range')
      if (header === undefined) {
        throw new HttpError(400, { message: '400 Missing header Content-Range' })
      }
      const content = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
      const answer = await deps.pipelines.jobRequests.appendTrace({
        jobId: params.id,
        token,
        content,
        offset: rangeStart(header) ?? -1,
      })
      const headers = { 'Job-Status': answer.jobStatus }
      if (answer.refusal !== '') {
        throw new HttpError(403, { message: `403 Forbidden - ${answer.refusal}` }, headers)
      }
      if (!answer.accepted) {
        throw new HttpError(
          416,
          { message: '416 Range Not Satisfiable' },
          { ...headers, Range: `0-${answer.length}` },
        )
      }
      res
        .status(202)
        .set({
          ...headers,
          Range: `0-${answer.length}`,
          'X-GitLab-Trace-Update-Interval': TRACE_UPDATE_INTERVAL,
        })
        .end()
    },
  )
}
