/**
 * Deliveries a maintainer asks for (TestHooks::ProjectService and
 * WebHooks::Events::ResendService): sent now, even to a disabled hook, logged,
 * and counted like any delivery, so a test that gets through enables the hook
 * again. A test answers the receiver's body when it did not take the request.
 */
import { randomUUID } from 'node:crypto'
import {
  HOOK_KINDS,
  InvalidError,
  PreconditionError,
  RecordNotFoundError,
  type HookEvent,
  type HookKind,
  type RateLimitRule,
} from '@suite/runtime'
import type { Caller } from './caller.js'
import {
  completePayload,
  deliver,
  type DeliveryPorts,
  type PayloadPorts,
} from './hook-deliveries.js'
import { maskedUrl } from './hook-url.js'
import { findHook, TEST_TRIGGERS, TRIGGER_NAMES, type HookDeps } from './hooks.js'
import type { SamplePushHook } from './ports.js'

/** GitLab's limits of hook tests and resends: five a minute per project and user. */
export const HOOK_SEND_LIMITS = {
  test: { name: 'web_hook_test', threshold: 5, periodSeconds: 60 },
  resend: { name: 'web_hook_event_resend', threshold: 5, periodSeconds: 60 },
} as const satisfies Record<string, RateLimitRule>

export interface HookSendDeps extends HookDeps {
  /** Counts one request against the limit; throws RateLimitedError past it. */
  limit(rule: RateLimitRule, scope: readonly (string | number)[]): Promise<void>
  delivery: DeliveryPorts
  payload: PayloadPorts
  samplePushHook: SamplePushHook
}

const unprocessable = (message: string) => new PreconditionError(message, 'unprocessable')

/**
 * POST .../hooks/:hook_id/test/:trigger: the receiver's status, or 422 with
 * why it failed. `sample` is the event another service built for a trigger
 * whose data it owns; it must be of this project and trigger.
 */
export async function testHook(
  deps: HookSendDeps,
  caller: Caller,
  projectId: number,
  hookId: number,
  trigger: string,
  sample: HookEvent | undefined,
): Promise<string> {
  if (!(TRIGGER_NAMES as readonly string[]).includes(trigger)) {
    throw new InvalidError({}, 'trigger does not have a valid value')
  }
  const hook = await findHook(deps, caller, projectId, hookId)
  await deps.limit(HOOK_SEND_LIMITS.test, [projectId, caller.userId ?? 0])
  const test = TEST_TRIGGERS[trigger]
  if (!test) throw unprocessable('Testing not available for this hook')
  const kind = test.kind
  const project = await deps.payload.project(projectId)
  if (!project) throw new RecordNotFoundError()
  let event: HookEvent
  if (test.missing === undefined) {
    const userId = caller.userId ?? 0
    const payload = await deps.samplePushHook({
      projectId,
      fullPath: project.fullPath,
      userId,
      tag: kind === 'tag_push_hooks',
    })
    event = { uuid: randomUUID(), projectId, kind, userId, payload }
  } else {
    if (!sample) throw unprocessable(test.missing)
    if (sample.projectId !== projectId || sample.kind !== kind) {
      throw new InvalidError({}, 'sample does not match the hook test')
    }
    event = { ...sample, uuid: randomUUID() }
  }
  const payload = await completePayload(event, project, deps.payload)
  const outcome = await deliver(
    { hookId: hook.id, eventUuid: event.uuid, kind, payload },
    deps.delivery,
    { lastAttempt: true, forced: true },
  )
  if (outcome.kind === 'skipped') throw new RecordNotFoundError()
  if (outcome.kind === 'delivered') return outcome.response.status
  throw unprocessable(outcome.response.internalError ?? outcome.response.body)
}

/** POST .../hooks/:hook_id/events/:hook_log_id/resend: the receiver's status (none: no answer). */
export async function resendHookLog(
  deps: HookSendDeps,
  caller: Caller,
  projectId: number,
  hookId: number,
  logId: number,
): Promise<string> {
  const hook = await findHook(deps, caller, projectId, hookId)
  await deps.limit(HOOK_SEND_LIMITS.resend, [projectId, caller.userId ?? 0])
  const log = await deps.hooks.findLog(hook.id, logId)
  if (!log) throw new RecordNotFoundError()
  if (log.url !== maskedUrl(hook.url)) {
    throw unprocessable('The hook URL has changed, and this log entry cannot be retried')
  }
  const eventUuid = log.requestHeaders['X-Gitlab-Event-UUID'] ?? randomUUID()
  const kind = log.trigger
  if (!isHookKind(kind)) throw unprocessable('This log entry cannot be retried')
  const outcome = await deliver(
    { hookId: hook.id, eventUuid, kind, payload: log.requestData as Record<string, unknown> },
    deps.delivery,
    { lastAttempt: true },
  )
  if (outcome.kind === 'skipped') throw unprocessable('Hook disabled')
  return outcome.response.status
}

const isHookKind = (value: string): value is HookKind => Object.hasOwn(HOOK_KINDS, value)
