/** merge_request_blocks: which merge request blocks which (GitLab's MergeRequestBlock). */
import type { Kysely, Selectable } from 'kysely'
import type { MergeRequestRow } from '../domain/merge-request-access.js'
import type { Database, MergeRequestBlocksTable } from './schema.js'

export type BlockRow = Selectable<MergeRequestBlocksTable>

/** Blocks with the merge request on one side, oldest first. */
function listBlocksBy(
  db: Kysely<Database>,
  side: 'blocked_merge_request_id' | 'blocking_merge_request_id',
  mergeRequestId: number,
): Promise<BlockRow[]> {
  return db
    .selectFrom('merge_request_blocks')
    .selectAll()
    .where(side, '=', mergeRequestId)
    .orderBy('id')
    .execute()
}

/** Blocks where the merge request is the blocked one (blocks_as_blockee), oldest first. */
export function listBlocksAsBlockee(db: Kysely<Database>, id: number): Promise<BlockRow[]> {
  return listBlocksBy(db, 'blocked_merge_request_id', id)
}

/** Blocks where the merge request is the blocking one (blocks_as_blocker), oldest first. */
export function listBlocksAsBlocker(db: Kysely<Database>, id: number): Promise<BlockRow[]> {
  return listBlocksBy(db, 'blocking_merge_request_id', id)
}

/** The block `blockId` when it blocks `blockedId`. */
export function findBlockOfBlockee(
  db: Kysely<Database>,
  blockedId: number,
  blockId: number,
): Promise<BlockRow | undefined> {
  return db
    .selectFrom('merge_request_blocks')
    .selectAll()
    .where('id', '=', blockId)
    .where('blocked_merge_request_id', '=', blockedId)
    .executeTakeFirst()
}

/** Whether `blockingId` already blocks `blockedId`. */
export async function blockExists(
  db: Kysely<Database>,
  blockingId: number,
  blockedId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('merge_request_blocks')
    .select('id')
    .where('blocking_merge_request_id', '=', blockingId)
    .where('blocked_merge_request_id', '=', blockedId)
    .executeTakeFirst()
  return row !== undefined
}

/** How many blocks name the merge request on the given side. */
export async function countBlocks(
  db: Kysely<Database>,
  side: 'blocking_merge_request_id' | 'blocked_merge_request_id',
  mergeRequestId: number,
): Promise<number> {
  const row = await db
    .selectFrom('merge_request_blocks')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where(side, '=', mergeRequestId)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** Stores a block; a duplicate raises PostgreSQL's unique_violation. */
export function insertBlock(
  db: Kysely<Database>,
  blockingId: number,
  blockedId: number,
): Promise<BlockRow> {
  return db
    .insertInto('merge_request_blocks')
    .values({ blocking_merge_request_id: blockingId, blocked_merge_request_id: blockedId })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Removes a block. */
export async function deleteBlock(db: Kysely<Database>, blockId: number): Promise<void> {
  await db.deleteFrom('merge_request_blocks').where('id', '=', blockId).execute()
}

/** Merge requests by global id, in any project. */
export function findMergeRequestsByIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<MergeRequestRow[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db.selectFrom('merge_requests').selectAll().where('id', 'in', ids).execute()
}
