import type { Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import { sql, type QueryExecutorProvider, type RawBuilder } from 'kysely'
import { ProjectDeleted } from '@suite/proto'
import { createDurableProducer, publishToAll } from './durable-producer.js'
import type { OutboxRoute, QueueProducer } from './outbox-relay.js'
import type { OutboxCodec } from './outbox-store.js'
import { startMessageWorker, type WorkerContext } from './queue-worker.js'

/**
 * The queues a deleted project is announced to, one per service that holds
 * rows for projects: each service's worker role drains its own and removes
 * what it holds (Projects::DestroyService's cascade, spread over services).
 * The payload is `gitlab.projects.v1.ProjectDeleted` in its JSON form.
 */
export const PROJECT_DELETED_QUEUES = {
  projects: 'projects.project-deleted',
  mergeRequests: 'merge-requests.project-deleted',
  ciTriggers: 'ci.project-deleted',
  alerting: 'alerting.project-deleted',
} as const

/** The projects service's outbox of deletions, written with the project's pending_delete mark. */
export const PROJECT_DELETED_OUTBOX: OutboxCodec<ProjectDeleted> = {
  table: 'project_deleted_outbox',
  toJSON: (message) => ProjectDeleted.toJSON(message),
  fromJSON: (payload) => ProjectDeleted.fromJSON(payload),
  keyOf: (message) => `project-deleted:${message.projectId}`,
}

/** The job id of a deletion in each queue: one job per project (no ':', BullMQ refuses it). */
export function projectDeletedJobId(message: ProjectDeleted): string {
  return `project-deleted_${message.projectId}`
}

/** A job's payload as a ProjectDeleted, or undefined when it names no project. */
export function decodeProjectDeleted(data: unknown): ProjectDeleted | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const projectId = (data as Record<string, unknown>)['projectId']
  if (typeof projectId !== 'number' && typeof projectId !== 'string') return undefined
  const message = ProjectDeleted.fromJSON(data)
  return Number.isSafeInteger(message.projectId) && message.projectId > 0 ? message : undefined
}

/**
 * How long after a deletion each service purges the project once more: work
 * that was in flight when the project was marked (a pipeline being created
 * from a push, a diff being collected) may write a row after the first purge.
 */
export const PROJECT_PURGE_SWEEP_DELAY_MS = 60_000

/**
 * A producer that queues one deletion to every service's queue, and a second
 * purge of it PROJECT_PURGE_SWEEP_DELAY_MS later; it succeeds only when every
 * queue took both (the outbox row stays until then, and a queue that already
 * holds a job keeps one).
 */
export function createProjectDeletedPublisher(connection: Redis): QueueProducer<ProjectDeleted> {
  const producers = Object.values(PROJECT_DELETED_QUEUES).flatMap((queue) => [
    createDurableProducer(connection, {
      queue,
      jobName: 'project-deleted',
      toData: (message: ProjectDeleted) => ProjectDeleted.toJSON(message),
      jobId: projectDeletedJobId,
    }),
    createDurableProducer(connection, {
      queue,
      jobName: 'project-deleted-sweep',
      toData: (message: ProjectDeleted) => ProjectDeleted.toJSON(message),
      jobId: (message: ProjectDeleted) => `${projectDeletedJobId(message)}_sweep`,
      delay: () => PROJECT_PURGE_SWEEP_DELAY_MS,
    }),
  ])
  return publishToAll(producers)
}

/** `project_deleted_outbox` -> every PROJECT_DELETED_QUEUES queue. */
export const PROJECT_DELETED_ROUTE: OutboxRoute<ProjectDeleted> = {
  outbox: PROJECT_DELETED_OUTBOX,
  createPublisher: createProjectDeletedPublisher,
}

/** Rows one purge statement removes at most. */
export const PURGE_BATCH_SIZE = 500

const TABLE_NAME = /^[a-z_][a-z0-9_]*$/

/**
 * Runs `statement` (a delete or update of `table` limited to the rows whose
 * ctid it is given) over the rows matching `where`, at most `batchSize` per
 * statement, each its own transaction, until a statement changes fewer;
 * returns how many rows it changed in all.
 */
export async function changeInBatches(
  db: QueryExecutorProvider,
  table: string,
  statement: (table: RawBuilder<unknown>, batch: RawBuilder<unknown>) => RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  batchSize: number = PURGE_BATCH_SIZE,
): Promise<number> {
  if (!TABLE_NAME.test(table)) throw new Error(`bad table name ${table}`)
  const ref = sql.table(table)
  const batch = sql`ctid = any(array(select ctid from ${ref} where ${where} limit ${batchSize}))`
  let total = 0
  for (;;) {
    const result = await statement(ref, batch).execute(db)
    const changed = Number(result.numAffectedRows ?? 0n)
    total += changed
    if (changed < batchSize) return total
  }
}

/**
 * Deletes the rows of `table` that match `where`, at most `batchSize` per
 * statement (each its own transaction), until none is left; returns how
 * many went. A crash between statements loses nothing: run again, it goes
 * on where it stopped. Rows whose children cascade are deleted in smaller
 * batches by the caller.
 */
export function purgeInBatches(
  db: QueryExecutorProvider,
  table: string,
  where: RawBuilder<unknown>,
  batchSize: number = PURGE_BATCH_SIZE,
): Promise<number> {
  return changeInBatches(
    db,
    table,
    (ref, batch) => sql`delete from ${ref} where ${batch}`,
    where,
    batchSize,
  )
}

/**
 * A worker on one service's `*.project-deleted` queue that runs `purge` for
 * each deleted project (the service's batched, idempotent removal of what it
 * holds). A job whose worker dies is taken back when its lock lapses and
 * runs again, finishing what is left; a malformed message fails for good.
 */
export function startProjectPurgeWorker(
  context: WorkerContext,
  queue: string,
  purge: (projectId: number, message: ProjectDeleted) => Promise<number>,
): Worker {
  return startMessageWorker(context, queue, {
    kind: 'project-deleted',
    decode: decodeProjectDeleted,
    run: (message) => purge(message.projectId, message),
    logged: (message, removed) => [
      { projectId: message.projectId, removed },
      'deleted project purged',
    ],
  })
}
