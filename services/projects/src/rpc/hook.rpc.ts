import type {
  HookInput as HookInputMessage,
  HookServiceServer,
  ProjectHook,
  WebHookLog,
} from '@suite/proto'
import { decodeHookEvent, ForbiddenError, InvalidError, type GrpcServer } from '@suite/runtime'
import { alertStatus, type Hook, type HookLog } from '../domain/hook.js'
import { resendHookLog, testHook, type HookSendDeps } from '../domain/hook-tests.js'
import {
  createHook,
  deleteHook,
  findHook,
  hookProject,
  updateHook,
  type HookInput,
} from '../domain/hooks.js'
import type { HooksStore, LogStatusFilter } from '../store/hooks.store.js'
import { toCaller } from './from-proto.js'

const DEFAULT_PER_PAGE = 20
const MAX_PER_PAGE = 100
/** GET .../hooks/:hook_id/events pages at most 20 logs. */
const MAX_LOG_PER_PAGE = 20

function toHookMessage(hook: Hook, now: Date): ProjectHook {
  return {
    id: hook.id,
    projectId: hook.projectId,
    url: hook.url,
    name: hook.name,
    description: hook.description,
    events: hook.events,
    enableSslVerification: hook.enableSslVerification,
    pushEventsBranchFilter: hook.pushEventsBranchFilter,
    branchFilterStrategy: hook.branchFilterStrategy,
    alertStatus: alertStatus(hook, now),
    disabledUntil: hook.disabledUntil,
    createdAt: hook.createdAt,
  }
}

function toLogMessage(log: HookLog): WebHookLog {
  return {
    id: log.id,
    url: log.url,
    trigger: log.trigger,
    requestHeadersJson: JSON.stringify(log.requestHeaders),
    requestDataJson: JSON.stringify(log.requestData),
    responseHeadersJson: JSON.stringify(log.responseHeaders),
    responseBody: log.responseBody,
    responseStatus: log.responseStatus,
    executionDuration: log.executionDuration,
    internalErrorMessage: log.internalErrorMessage,
    createdAt: log.createdAt,
  }
}

function toInput(input: HookInputMessage | undefined): HookInput {
  return {
    url: input?.url,
    token: input?.token,
    name: input?.name,
    description: input?.description,
    events: input?.events ?? {},
    enableSslVerification: input?.enableSslVerification,
    pushEventsBranchFilter: input?.pushEventsBranchFilter,
    branchFilterStrategy: input?.branchFilterStrategy,
  }
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

const STATUS_CLASSES = { successful: '2', client_failure: '4', server_failure: '5' } as const

/** The events list's status filter: codes, and GitLab's three classes of them. */
function toStatusFilter(given: readonly string[]): LogStatusFilter | undefined {
  if (given.length === 0) return undefined
  const filter: LogStatusFilter = { codes: [], classes: [] }
  for (const value of given) {
    if (value in STATUS_CLASSES) {
      filter.classes.push(STATUS_CLASSES[value as keyof typeof STATUS_CLASSES])
      // Deliveries that got no answer count as server failures, as GitLab counts them.
      if (value === 'server_failure') filter.codes.push('internal error')
    } else if (/^[1-5]\d\d$/.test(value)) {
      filter.codes.push(value)
    } else {
      throw new InvalidError({}, 'status does not have a valid value')
    }
  }
  return filter
}

/** The domain's hook ports, and the store the lists and settings read and write directly. */
export type HookRpcDeps = HookSendDeps & { hooks: HooksStore }

/** gitlab.projects.v1.HookService */
export function hookService(server: GrpcServer, deps: HookRpcDeps): HookServiceServer {
  const now = () => new Date()
  const page = (given: { page?: number; perPage?: number } | undefined, max: number) => ({
    page: Math.max(given?.page ?? 1, 1),
    perPage: Math.min(given?.perPage || DEFAULT_PER_PAGE, max),
  })
  const requireAdmin = (caller: ReturnType<typeof toCaller>) => {
    if (!caller.admin) throw new ForbiddenError()
  }
  const settings = async () => ({
    allowLocalRequestsFromWebHooksAndServices: await deps.hooks.allowLocalRequests(),
  })

  return {
    listHooks: server.unary('ListHooks', async (req) => {
      await hookProject(deps, toCaller(req.caller), req.projectId)
      const { hooks, total } = await deps.hooks.list(req.projectId, page(req.page, MAX_PER_PAGE))
      const at = now()
      return { hooks: hooks.map((hook) => toHookMessage(hook, at)), pageInfo: { total } }
    }),
    getHook: server.unary('GetHook', async (req) => {
      const hook = await findHook(deps, toCaller(req.caller), req.projectId, req.hookId)
      return { hook: toHookMessage(hook, now()) }
    }),
    createHook: server.unary('CreateHook', async (req) => {
      const hook = await createHook(deps, toCaller(req.caller), req.projectId, toInput(req.input))
      return { hook: toHookMessage(hook, now()) }
    }),
    updateHook: server.unary('UpdateHook', async (req) => {
      const caller = toCaller(req.caller)
      const hook = await updateHook(deps, caller, req.projectId, req.hookId, toInput(req.input))
      return { hook: toHookMessage(hook, now()) }
    }),
    deleteHook: server.unary('DeleteHook', async (req) => {
      await deleteHook(deps, toCaller(req.caller), req.projectId, req.hookId)
      return {}
    }),
    listHookLogs: server.unary('ListHookLogs', async (req) => {
      const status = toStatusFilter(req.status)
      const hook = await findHook(deps, toCaller(req.caller), req.projectId, req.hookId)
      const { logs, total } = await deps.hooks.listLogs(
        hook.id,
        page(req.page, MAX_LOG_PER_PAGE),
        status,
      )
      return { logs: logs.map(toLogMessage), pageInfo: { total } }
    }),
    resendHookLog: server.unary('ResendHookLog', async (req) => {
      const caller = toCaller(req.caller)
      const responseStatus = await resendHookLog(deps, caller, req.projectId, req.hookId, req.logId)
      return { responseStatus }
    }),
    testHook: server.unary('TestHook', async (req) => {
      const caller = toCaller(req.caller)
      const sample =
        req.sampleEventJson === undefined
          ? undefined
          : decodeHookEvent(parseJson(req.sampleEventJson))
      if (req.sampleEventJson !== undefined && !sample) {
        throw new InvalidError({}, 'sample is not a hook event')
      }
      const responseStatus = await testHook(
        deps,
        caller,
        req.projectId,
        req.hookId,
        req.trigger,
        sample,
      )
      return { responseStatus }
    }),
    getHookSettings: server.unary('GetHookSettings', async (req) => {
      requireAdmin(toCaller(req.caller))
      return { settings: await settings() }
    }),
    updateHookSettings: server.unary('UpdateHookSettings', async (req) => {
      requireAdmin(toCaller(req.caller))
      const allow = req.allowLocalRequestsFromWebHooksAndServices
      if (allow !== undefined) await deps.hooks.setAllowLocalRequests(allow)
      return { settings: await settings() }
    }),
  }
}
