import { DelayedError, Queue, UnrecoverableError, Worker, type Job } from 'bullmq'
import type { Redis } from 'ioredis'
import {
  decodeHookEvent,
  HOOK_EVENTS_QUEUE,
  HOOK_KINDS,
  KeyedSlots,
  queuePrefix,
  requestScopedProcessor,
  withRequestMeta,
  WORKER_LOCK_OPTIONS,
  Counter,
  type HookKind,
  type Logger,
  type Registry,
} from '@suite/runtime'
import type { ProjectsConfig } from '../config.js'
import { deliver, fanOut, type Delivery } from '../domain/hook-deliveries.js'
import type { HookRuntime } from '../deps.js'
import { HOOK_DELIVERIES_QUEUE } from './queues.js'

/** A delivery's job id: one per event and hook, so a re-run fan-out queues nothing twice. */
const deliveryJobId = (delivery: Delivery) => `hook_${delivery.eventUuid}_${delivery.hookId}`

/**
 * Drains `projects.hook-events`: each event becomes one delivery job per hook
 * of its project that wants it, with the payload completed. A failure (the
 * database, identity) fails the attempt and BullMQ retries the event; its
 * deliveries are keyed, so a retry queues only what is missing.
 */
export function startHookEventsWorker(
  runtime: HookRuntime,
  connection: Redis,
  logger: Logger,
  config: ProjectsConfig,
): { worker: Worker; deliveries: Queue } {
  const deliveries = new Queue(HOOK_DELIVERIES_QUEUE, { connection, prefix: queuePrefix() })
  const ports = {
    ...runtime.payload,
    hooksWanting: (projectId: number, kind: keyof typeof HOOK_KINDS) =>
      runtime.hooks.wanting(projectId, HOOK_KINDS[kind].flag),
  }
  const worker = new Worker(
    HOOK_EVENTS_QUEUE,
    requestScopedProcessor(logger, HOOK_EVENTS_QUEUE, async (job: Job<unknown>) => {
      const event = decodeHookEvent(job.data)
      if (!event) throw new UnrecoverableError('not a hook event')
      const queued = await fanOut(event, ports)
      await deliveries.addBulk(
        queued.map((delivery) => ({
          name: 'deliver',
          data: withRequestMeta(delivery),
          opts: {
            jobId: deliveryJobId(delivery),
            attempts: config.webhooks.attempts,
            backoff: { type: 'exponential', delay: config.webhooks.retryDelayMs },
            removeOnComplete: 1_000,
            removeOnFail: 1_000,
          },
        })),
      )
      logger.debug({ uuid: event.uuid, kind: event.kind, deliveries: queued.length }, 'hook event')
    }),
    { connection, prefix: queuePrefix(), concurrency: 4, ...WORKER_LOCK_OPTIONS },
  )
  return { worker, deliveries }
}

/**
 * `webhook_deliveries_total{trigger, outcome}`: requests answered (delivered),
 * failed for good (failed) or to be tried again (retry), and deliveries not
 * sent because their hook was disabled or deleted (skipped).
 */
function deliveryCounter(registry: Registry): (trigger: HookKind, outcome: string) => void {
  const counter = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook requests by trigger and outcome (delivered, retry, failed), and deliveries skipped',
    labelNames: ['trigger', 'outcome'],
    registers: [registry],
  })
  for (const trigger of Object.keys(HOOK_KINDS)) counter.inc({ trigger, outcome: 'delivered' }, 0)
  return (trigger, outcome) => counter.inc({ trigger, outcome })
}

/** Why a retry is wanted: the attempt is logged already, so the error says only that. */
class RetryDelivery extends Error {}

/** How long a delivery whose project holds all its slots waits before it is tried again. */
const BUSY_PROJECT_DELAY_MS = 1_000

/**
 * Drains `projects.hook-deliveries`: sends each request, logs it and moves
 * the hook's failure state. No answer, a 429 or a 5xx is retried with
 * exponential backoff until the attempts run out; a hook disabled or deleted
 * meanwhile gets nothing more. One project's deliveries hold at most
 * `perProjectConcurrency` of the process's slots: a delivery beyond that is
 * put back (delayed, not counted as an attempt) and frees its slot, so other
 * projects' hooks are sent while one project's receivers are slow.
 */
export function startHookDeliveriesWorker(
  runtime: HookRuntime,
  connection: Redis,
  logger: Logger,
  config: ProjectsConfig,
  registry: Registry,
): Worker {
  const counted = deliveryCounter(registry)
  const projectSlots = new KeyedSlots<number>(config.webhooks.perProjectConcurrency)
  return new Worker(
    HOOK_DELIVERIES_QUEUE,
    requestScopedProcessor(logger, HOOK_DELIVERIES_QUEUE, async (job: Job<Delivery>, token) => {
      const projectId = job.data.projectId
      const release = projectId === undefined ? () => undefined : projectSlots.take(projectId)
      if (!release) {
        // Jitter, so that a project's many waiting deliveries do not all come back together.
        const delay = BUSY_PROJECT_DELAY_MS + Math.floor(Math.random() * BUSY_PROJECT_DELAY_MS)
        await job.moveToDelayed(Date.now() + delay, token)
        throw new DelayedError()
      }
      try {
        await sendDelivery(job, runtime, config, counted, logger)
      } finally {
        release()
      }
    }),
    // Requests wait on receivers, not on this process: more run at once than other jobs.
    {
      connection,
      prefix: queuePrefix(),
      concurrency: config.webhooks.concurrency,
      ...WORKER_LOCK_OPTIONS,
    },
  )
}

async function sendDelivery(
  job: Job<Delivery>,
  runtime: HookRuntime,
  config: ProjectsConfig,
  counted: (trigger: HookKind, outcome: string) => void,
  logger: Logger,
): Promise<void> {
  const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? config.webhooks.attempts)
  const outcome = await deliver(job.data, runtime.delivery, { lastAttempt })
  counted(job.data.kind, outcome.kind)
  logger.debug(
    { hookId: job.data.hookId, uuid: job.data.eventUuid, outcome: outcome.kind },
    'hook delivery',
  )
  if (outcome.kind === 'retry') {
    throw new RetryDelivery(`hook answered ${outcome.response.status}; retrying`)
  }
}
