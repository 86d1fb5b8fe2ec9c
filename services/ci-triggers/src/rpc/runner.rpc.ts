import type { JobRequestServiceServer, RunnerServiceServer } from '@suite/proto'
import { InvalidError, pageWindow, type GrpcServer } from '@suite/runtime'
import { appendTrace, requestJob, updateJob, type JobQueueDeps } from '../domain/job-queue.js'
import type { RunnerFilter } from '../domain/runner-ports.js'
import {
  createRunner,
  deleteRunner,
  getRunner,
  listRunners,
  registerRunner,
  unregisterRunner,
  updateRunner,
  verifyRunner,
  type RunnerDeps,
  type RunnerListScope,
} from '../domain/runners.js'
import { callerOf } from './from-proto.js'
import {
  contactOf,
  runnerTypeOf,
  settingsOf,
  toRunnerJobMessage,
  toRunnerMessage,
} from './runner-to-proto.js'

/** Ci::Runner::ONLINE_CONTACT_TIMEOUT and STALE_TIMEOUT, for the status filter. */
const ONLINE_MS = 2 * 60 * 60 * 1000
const STALE_MS = 7 * 24 * 60 * 60 * 1000

/** GET /runners' filters: type, status (online, offline, stale, never_contacted, active, paused), tags. */
function filterOf(
  req: Parameters<RunnerServiceServer['listRunners']>[0]['request'],
  now: Date,
): RunnerFilter {
  const filter: RunnerFilter = {}
  if (req.runnerType !== undefined) filter.runnerType = runnerTypeOf(req.runnerType)
  if (req.paused !== undefined) filter.paused = req.paused
  if (req.tagList.length > 0) filter.tagList = req.tagList
  switch (req.status) {
    case undefined:
      break
    case 'online':
      filter.contactedAfter = new Date(now.getTime() - ONLINE_MS)
      break
    case 'offline':
      filter.contactedBefore = new Date(now.getTime() - ONLINE_MS)
      break
    case 'stale':
      filter.contactedBefore = new Date(now.getTime() - STALE_MS)
      break
    case 'never_contacted':
      filter.neverContacted = true
      break
    case 'active':
      filter.paused = false
      break
    case 'paused':
      filter.paused = true
      break
    default:
      throw new InvalidError({}, 'status does not have a valid value')
  }
  return filter
}

function scopeOf(scope: string, projectId: number | undefined): RunnerListScope {
  if (scope === 'all') return { kind: 'all' }
  if (scope === 'project' && projectId !== undefined) return { kind: 'project', projectId }
  return { kind: 'owned' }
}

/** gitlab.ci.v1.RunnerService */
export function runnerService(server: GrpcServer, deps: RunnerDeps): RunnerServiceServer {
  const present = (runner: Parameters<typeof toRunnerMessage>[0]) =>
    toRunnerMessage(runner, deps.now())
  return {
    createRunner: server.unary('CreateRunner', async (req) => {
      const groupAbilities = req.caller?.group
      const { runner, token } = await createRunner(
        deps,
        callerOf(req.caller),
        {
          runnerType: runnerTypeOf(req.runnerType),
          projectId: req.projectId ?? null,
          groupId: req.groupId ?? null,
          groupPath: req.groupPath ?? null,
          groupAdmin:
            groupAbilities !== undefined &&
            groupAbilities.groupId === req.groupId &&
            groupAbilities.adminGroup,
        },
        settingsOf(req.settings),
      )
      return { runner: present(runner), token }
    }),

    registerRunner: server.unary('RegisterRunner', async (req) => {
      const { runner, token } = await registerRunner(
        deps,
        req.registrationToken,
        settingsOf(req.settings),
        contactOf(req.info, req.ipAddress, ''),
      )
      return { runner: present(runner), token }
    }),

    verifyRunner: server.unary('VerifyRunner', async (req) => ({
      runner: present(await verifyRunner(deps, req.token, contactOf(undefined, '', req.systemId))),
    })),

    unregisterRunner: server.unary('UnregisterRunner', async (req) => {
      await unregisterRunner(deps, req.token)
      return {}
    }),

    listRunners: server.unary('ListRunners', async (req) => {
      const { runners, total } = await listRunners(
        deps,
        callerOf(req.caller),
        scopeOf(req.scope, req.projectId),
        filterOf(req, deps.now()),
        pageWindow(req.page),
      )
      return { runners: runners.map(present), pageInfo: { total } }
    }),

    getRunner: server.unary('GetRunner', async (req) => ({
      runner: present(await getRunner(deps, callerOf(req.caller), req.id)),
    })),

    updateRunner: server.unary('UpdateRunner', async (req) => ({
      runner: present(
        await updateRunner(deps, callerOf(req.caller), req.id, settingsOf(req.settings)),
      ),
    })),

    batchGetRunners: server.unary('BatchGetRunners', async (req) => ({
      runners: (await deps.runners.findByIds(req.ids)).map(present),
    })),

    deleteRunner: server.unary('DeleteRunner', async (req) => {
      await deleteRunner(deps, callerOf(req.caller), req.id)
      return {}
    }),
  }
}

/** gitlab.ci.v1.JobRequestService */
export function jobRequestService(server: GrpcServer, deps: JobQueueDeps): JobRequestServiceServer {
  return {
    requestJob: server.unary('RequestJob', async (req) => {
      const { payload, queueVersion } = await requestJob(
        deps,
        req.token,
        contactOf(req.info, req.ipAddress, req.systemId),
      )
      return { job: payload && toRunnerJobMessage(payload), queueVersion }
    }),

    updateJob: server.unary('UpdateJob', async (req) => {
      const outcome = await updateJob(deps, {
        jobId: req.jobId,
        token: req.token,
        state: req.state,
        failureReason: req.failureReason ?? null,
        exitCode: req.exitCode ?? null,
      })
      return {
        jobStatus: outcome.jobStatus,
        refusal: outcome.kind === 'refused' ? outcome.reason : '',
      }
    }),

    appendTrace: server.unary('AppendTrace', async (req) => {
      const outcome = await appendTrace(deps, {
        jobId: req.jobId,
        token: req.token,
        content: Buffer.from(req.content),
        offset: req.offset ?? null,
      })
      return {
        length: outcome.kind === 'refused' ? 0 : outcome.length,
        accepted: outcome.kind === 'appended',
        jobStatus: outcome.jobStatus,
        refusal: outcome.kind === 'refused' ? outcome.reason : '',
      }
    }),

    getQueueVersion: server.unary('GetQueueVersion', async () => ({
      queueVersion: await deps.queue.queueVersion(),
    })),
  }
}
