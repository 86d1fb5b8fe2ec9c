import type { Worker } from 'bullmq'
import type { Kysely } from 'kysely'
import {
  PROJECT_DELETED_QUEUES,
  startProjectPurgeWorker,
  startUserPurgeWorker,
  USER_DELETED_QUEUES,
} from '@suite/runtime'
import { closeRequestsFromDeletedFork } from '../domain/branch-updates.js'
import type { MergeRequestsDeps } from '../domain/ports.js'
import { purgeProjectRows } from '../store/project-purge.store.js'
import { migrateUserRows } from '../store/user-purge.store.js'
import type { Database } from '../store/schema.js'
import type { WorkerContext } from './start-worker.js'

/**
 * Drains `merge-requests.project-deleted`: a deleted fork's requests into its
 * upstream are closed; then every merge request of the deleted project with
 * its notes, diffs, approvals, award emoji, to-dos, time logs, its issues and
 * the project's labels, milestones and access facts go, in batches.
 */
export function startProjectDeletedWorker(
  context: WorkerContext,
  db: Kysely<Database>,
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports' | 'settings'>,
): Worker {
  return startProjectPurgeWorker(
    context,
    PROJECT_DELETED_QUEUES.mergeRequests,
    async (projectId, message) => {
      const closed = await closeRequestsFromDeletedFork(
        deps,
        projectId,
        message.deletedByUserId || undefined,
      )
      return closed + (await purgeProjectRows(db, projectId))
    },
  )
}

/**
 * Drains `merge-requests.user-deleted`: a deleted user's merge requests,
 * notes, award emoji and time logs move to the Ghost user (or go, with
 * hard_delete); their assignments, reviews, approvals, subscriptions and
 * to-dos go.
 */
export function startUserDeletedWorker(context: WorkerContext, db: Kysely<Database>): Worker {
  return startUserPurgeWorker(context, USER_DELETED_QUEUES.mergeRequests, (message) =>
    migrateUserRows(db, message),
  )
}
