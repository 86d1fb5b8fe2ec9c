import { CANCELABLE_STATUSES, type Job } from './job.js'
import type { JobChange, LockedPipeline, PipelineStore } from './ports.js'
import { changeLocked } from './process-pipeline.js'

/** Why jobs of a blocked user's pipelines failed (Ci::Build's failure_reason). */
export const USER_BLOCKED_REASON = 'user_blocked'

/** Pipelines looked at per batch. */
const BATCH = 100

/** The drops of a pipeline's cancelable jobs: failed, user_blocked, finished now. */
export function dropChanges(jobs: readonly Job[], now: Date): JobChange[] {
  return jobs
    .filter((job) => CANCELABLE_STATUSES.has(job.status))
    .map((job) => ({
      id: job.id,
      status: 'failed',
      queuedAt: null,
      finishedAt: now,
      failureReason: USER_BLOCKED_REASON,
    }))
}

/** Drops the locked pipeline's cancelable jobs; the pipeline's status follows. Jobs dropped. */
export async function dropLocked(locked: LockedPipeline, now: Date): Promise<number> {
  const changes = dropChanges(locked.jobs, now)
  if (changes.length === 0) return 0
  await changeLocked(locked, changes, now)
  return changes.length
}

/**
 * A blocked user's pipelines (Ci::DropPipelineService for `user.pipelines`):
 * every cancelable pipeline they started has its cancelable jobs dropped
 * with failure reason user_blocked, a pipeline at a time under its lock, in
 * batches by id. Running it again drops only what is still cancelable, so a
 * retried or repeated block is harmless. Answers how many jobs were dropped.
 */
export async function dropUserPipelines(
  store: Pick<PipelineStore, 'cancelableOfUser' | 'withLocked'>,
  userId: number,
  now: () => Date,
  batchSize = BATCH,
): Promise<number> {
  let dropped = 0
  let after = 0
  for (;;) {
    const batch = await store.cancelableOfUser(userId, after, batchSize)
    for (const { projectId, id } of batch) {
      dropped += (await store.withLocked(projectId, id, (locked) => dropLocked(locked, now()))) ?? 0
      after = id
    }
    if (batch.length < batchSize) return dropped
  }
}
