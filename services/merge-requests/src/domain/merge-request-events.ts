/**
 * Activity events of merge requests (opened, closed, reopened, merged,
 * updated), written to the event outbox in the caller's transaction so that
 * none is lost; the relay moves them to the projects event queue.
 *
 * OWNER: the core merge-requests work. Others call recordMergeRequestEvent
 * inside the transaction that makes the change, and must not change its signature.
 */
import type { EventRecord } from '@suite/proto'
import type { Kysely, Transaction } from 'kysely'
import { insertOutboxEvent } from '../store/event-outbox.store.js'
import type { Database } from '../store/schema.js'
import type { MergeRequestRow } from './merge-request-access.js'

/**
 * GitLab's stored Event actions for merge requests: `created` (shown as
 * "opened"), closed, reopened, merged; `updated` exists in the enum but
 * GitLab's services record none for a plain edit.
 */
export type MergeRequestAction = 'created' | 'closed' | 'reopened' | 'merged' | 'updated'

/** The EventRecord of an action on a request; the key names the request, action and moment. */
export function mergeRequestEvent(
  row: MergeRequestRow,
  action: MergeRequestAction,
  authorId: number,
  at: Date,
): EventRecord {
  const moment = action === 'created' ? 'once' : String(row.updated_at.getTime())
  return {
    action,
    projectId: row.target_project_id,
    authorId,
    targetType: 'MergeRequest',
    targetId: row.id,
    targetIid: row.iid,
    targetTitle: row.title,
    pushData: undefined,
    createdAt: at,
    idempotencyKey: `merge-requests:${row.id}:${action}:${moment}`,
  }
}

/** Records one event for the request, by the given user, in `db` (a transaction). */
export async function recordMergeRequestEvent(
  db: Kysely<Database> | Transaction<Database>,
  row: MergeRequestRow,
  action: MergeRequestAction,
  authorId: number,
): Promise<void> {
  await insertOutboxEvent(db, mergeRequestEvent(row, action, authorId, new Date()))
}
