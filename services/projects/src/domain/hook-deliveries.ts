/**
 * From a hook event to requests (WebHookService): the project's hooks that
 * want the event get one delivery each, with the payload completed by the
 * project's and the user's hook attributes; a delivery sends the request,
 * logs it, and moves the hook's failure state (auto-disabling).
 */
import { createHash, randomUUID } from 'node:crypto'
import { GITLAB_VERSION_STRING, HOOK_KINDS, type HookEvent, type HookKind } from '@suite/runtime'
import {
  afterFailure,
  branchMatches,
  executable,
  RECOVERED,
  type FailureState,
  type Hook,
} from './hook.js'
import {
  projectHookAttrs,
  repositoryHookAttrs,
  type HookUser,
  type ProjectAttrs,
} from './hook-attrs.js'
import type { HookRequest, HookResponse } from './ports.js'
import type { Project } from './project.js'

/** One hook's request for one event: what the delivery queue keeps until it is sent. */
export interface Delivery {
  hookId: number
  /** Whose delivery slots it takes; absent in deliveries queued before it was kept. */
  projectId?: number
  eventUuid: string
  kind: HookKind
  payload: Record<string, unknown>
}

/** What completing a payload reads. */
export interface PayloadPorts {
  project(projectId: number): Promise<Project | undefined>
  user(userId: number): Promise<HookUser | undefined>
  externalUrl: string
}

export interface FanOutPorts extends PayloadPorts {
  hooksWanting(projectId: number, kind: HookKind): Promise<Hook[]>
}

/** Fills the blocks the payload leaves to projects: project, repository, user and user_*. */
export async function completePayload(
  event: HookEvent,
  project: Project,
  ports: PayloadPorts,
): Promise<Record<string, unknown>> {
  const payload = structuredClone(event.payload)
  const attrs = (p: Project): ProjectAttrs => projectHookAttrs(p, ports.externalUrl)
  if ('project' in payload) payload['project'] = attrs(project)
  if ('repository' in payload) {
    const full = event.kind === 'push_hooks' || event.kind === 'tag_push_hooks'
    payload['repository'] = repositoryHookAttrs(project, ports.externalUrl, full)
  }
  for (const [path, projectId] of Object.entries(event.projectBlocks ?? {})) {
    const other = projectId === project.id ? project : await ports.project(projectId)
    setPath(payload, path, other ? attrs(other) : null)
  }
  const user = event.userId === undefined ? undefined : await ports.user(event.userId)
  if ('user' in payload) payload['user'] = user ?? null
  if ('user_name' in payload) {
    payload['user_name'] = user?.name ?? null
    payload['user_username'] = user?.username ?? null
    payload['user_email'] = user?.email ?? null
    payload['user_avatar'] = user?.avatar_url ?? null
  }
  return payload
}

/** Sets a value at a dotted path of objects that exist; a missing step sets nothing. */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.')
  const last = keys.pop()
  let node: unknown = target
  for (const key of keys) node = (node as Record<string, unknown> | null)?.[key]
  if (last !== undefined && typeof node === 'object' && node !== null) {
    ;(node as Record<string, unknown>)[last] = value
  }
}

/** The deliveries of an event: one per hook of the project that wants it. */
export async function fanOut(event: HookEvent, ports: FanOutPorts): Promise<Delivery[]> {
  const hooks = (await ports.hooksWanting(event.projectId, event.kind)).filter(
    (hook) =>
      event.kind !== 'push_hooks' ||
      event.branch === undefined ||
      branchMatches(hook, event.branch),
  )
  if (hooks.length === 0) return []
  const project = await ports.project(event.projectId)
  if (!project) return []
  const payload = await completePayload(event, project, ports)
  return hooks.map((hook) => ({
    hookId: hook.id,
    projectId: hook.projectId,
    eventUuid: event.uuid,
    kind: event.kind,
    payload,
  }))
}

/** Idempotency-Key: the same for every retry of one event to one hook. */
export function idempotencyKey(eventUuid: string, hookId: number): string {
  const hex = createHash('sha256').update(`${eventUuid}:${hookId}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** GitLab's headers of a hook request. */
export function hookHeaders(
  hook: Pick<Hook, 'id' | 'token'>,
  kind: HookKind,
  eventUuid: string,
  instance: string,
): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': `GitLab/${GITLAB_VERSION_STRING}`,
    'X-Gitlab-Event': HOOK_KINDS[kind].header,
    ...(hook.token ? { 'X-Gitlab-Token': hook.token } : {}),
    'X-Gitlab-Instance': instance,
    'X-Gitlab-Webhook-UUID': randomUUID(),
    'X-Gitlab-Event-UUID': eventUuid,
    'Idempotency-Key': idempotencyKey(eventUuid, hook.id),
  }
}

/** The headers as logged: the secret token masked. */
function loggedHeaders(headers: Record<string, string>): Record<string, string> {
  return 'X-Gitlab-Token' in headers ? { ...headers, 'X-Gitlab-Token': '[REDACTED]' } : headers
}

const EMAIL = /^[^\s@]+@[^\s@]+$/

/** The payload as logged: every value that looks like an email redacted, as GitLab logs it. */
export function loggedPayload(value: unknown): unknown {
  if (typeof value === 'string') return EMAIL.test(value) ? '[REDACTED]' : value
  if (Array.isArray(value)) return value.map(loggedPayload)
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, loggedPayload(v)]))
  }
  return value
}

export interface DeliveryPorts {
  hook(hookId: number): Promise<Hook | undefined>
  allowLocalRequests(): Promise<boolean>
  send(request: HookRequest): Promise<HookResponse>
  /** Logs one request; with a state, stores the hook's failure state after it. */
  log(
    entry: {
      hook: Hook
      trigger: string
      headers: Record<string, string>
      payload: unknown
      response: HookResponse
    },
    state: FailureState | undefined,
  ): Promise<number>
  instance: string
  timeoutMs: number
  now(): Date
}

export type DeliveryOutcome =
  | { kind: 'skipped'; why: 'gone' | 'disabled' }
  | { kind: 'delivered'; response: HookResponse; logId: number }
  /** A failure a later attempt may get past (no answer, 429, 5xx). */
  | { kind: 'retry'; response: HookResponse; logId: number }
  | { kind: 'failed'; response: HookResponse; logId: number }

const retryable = (response: HookResponse) =>
  response.status === 'internal error' ||
  response.status === '429' ||
  response.status.startsWith('5')

/**
 * Sends one delivery. Every request is logged; the hook's failure state moves
 * once per delivery: on success, or on a failure no retry follows
 * (`lastAttempt`, or a 4xx the receiver will answer again).
 */
export async function deliver(
  delivery: Delivery,
  ports: DeliveryPorts,
  /** forced: sent even to a disabled hook (a test). */
  options: { lastAttempt: boolean; forced?: boolean },
): Promise<DeliveryOutcome> {
  const hook = await ports.hook(delivery.hookId)
  if (!hook) return { kind: 'skipped', why: 'gone' }
  if (!options.forced && !executable(hook, ports.now())) return { kind: 'skipped', why: 'disabled' }
  const headers = hookHeaders(hook, delivery.kind, delivery.eventUuid, ports.instance)
  const response = await ports.send({
    url: hook.url,
    headers,
    body: JSON.stringify(delivery.payload),
    enableSslVerification: hook.enableSslVerification,
    allowLocal: await ports.allowLocalRequests(),
    timeoutMs: ports.timeoutMs,
  })
  const final = response.ok || options.lastAttempt || !retryable(response)
  const state = !final ? undefined : response.ok ? RECOVERED : afterFailure(hook, ports.now())
  const logId = await ports.log(
    {
      hook,
      trigger: delivery.kind,
      headers: loggedHeaders(headers),
      payload: loggedPayload(delivery.payload),
      response,
    },
    state,
  )
  if (response.ok) return { kind: 'delivered', response, logId }
  return final ? { kind: 'failed', response, logId } : { kind: 'retry', response, logId }
}
