/**
 * Commit statuses: what an external system (a CI elsewhere, a review bot)
 * reports on a commit, stored as GitLab stores it, a generic job in stage
 * `external` of a pipeline of the commit, that moves through the same state
 * machine as any job (CommitStatus's events enqueue, run, success, drop, cancel).
 */
import { InvalidError } from '@suite/runtime'
import type { Job, JobStatus } from './job.js'

/** The states POST /statuses/:sha accepts. */
export const COMMIT_STATUS_STATES = ['pending', 'running', 'success', 'failed', 'canceled'] as const
export type CommitStatusState = (typeof COMMIT_STATUS_STATES)[number]

export function isCommitStatusState(text: string): text is CommitStatusState {
  return (COMMIT_STATUS_STATES as readonly string[]).includes(text)
}

/** GenericCommitStatus's stage and its position, after any stage a configuration has. */
export const EXTERNAL_STAGE = 'external'
export const EXTERNAL_STAGE_IDX = 1_000_000

/** A generic job with what the external system said about it. */
export interface CommitStatus {
  job: Job
  targetUrl: string | null
  description: string | null
}

/** The state a status moves to, with the timestamps its events set. */
export interface StatusMove {
  status: JobStatus
  queuedAt: Date | null
  startedAt: Date | null
  finishedAt: Date | null
  failureReason: string | null
}

type Event = 'enqueue' | 'run' | 'success' | 'drop' | 'cancel'

/** From which statuses each event moves a job (CommitStatus's state_machine). */
const FROM: Record<Event, readonly JobStatus[]> = {
  enqueue: ['created', 'skipped', 'manual', 'scheduled'],
  run: ['pending'],
  success: ['created', 'waiting_for_resource', 'preparing', 'pending', 'running'],
  drop: [
    'created',
    'waiting_for_resource',
    'preparing',
    'pending',
    'running',
    'manual',
    'scheduled',
  ],
  cancel: ['running', 'waiting_for_resource', 'preparing', 'pending', 'created', 'scheduled'],
}

const TO: Record<Event, JobStatus> = {
  enqueue: 'pending',
  run: 'running',
  success: 'success',
  drop: 'failed',
  cancel: 'canceled',
}

/** StateMachines::InvalidTransition's message, as GitLab answers it (400). */
function refused(event: Event, from: JobStatus): never {
  throw new InvalidError(
    {},
    `Cannot transition status via :${event} from :${from} (Reason(s): Status cannot transition via "${event}")`,
  )
}

/**
 * Where `state` moves a status now `from` (created for a new one), as
 * Ci::CreateCommitStatusService#apply_job_state! fires the events: running
 * enqueues first when it can, then runs. Throws InvalidError (400) for a move
 * the state machine refuses, e.g. running twice.
 */
export function moveStatus(
  from: JobStatus,
  state: CommitStatusState,
  times: { queuedAt: Date | null; startedAt: Date | null },
  now: Date,
): StatusMove {
  let status = from
  let { queuedAt, startedAt } = times
  const fire = (event: Event, strict: boolean): void => {
    if (!FROM[event].includes(status)) {
      if (strict) refused(event, status)
      return
    }
    status = TO[event]
    if (event === 'enqueue') queuedAt = now
    if (event === 'run') startedAt = now
  }
  switch (state) {
    case 'pending':
      fire('enqueue', true)
      break
    case 'running':
      fire('enqueue', false)
      fire('run', true)
      break
    case 'success':
      fire('success', true)
      break
    case 'failed':
      fire('drop', true)
      break
    case 'canceled':
      fire('cancel', true)
      break
  }
  const finished = status === 'success' || status === 'failed' || status === 'canceled'
  return {
    status,
    queuedAt,
    startedAt,
    finishedAt: finished ? now : null,
    failureReason: status === 'failed' ? 'api_failure' : null,
  }
}
