/** merge_request_blocks: which merge request blocks which (GitLab's MergeRequestBlock). */
import type { Kysely, Selectable } from 'kysely'
import type { Block } from '../domain/collaboration-records.js'
import type { Database, MergeRequestBlocksTable } from './schema.js'
import type { BlocksPort } from '../domain/ports.js'

type Side = 'blocked_merge_request_id' | 'blocking_merge_request_id'

function toBlock(row: Selectable<MergeRequestBlocksTable>): Block {
  return {
    id: row.id,
    blockingMergeRequestId: row.blocking_merge_request_id,
    blockedMergeRequestId: row.blocked_merge_request_id,
    createdAt: row.created_at,
  }
}

export class BlocksStore implements BlocksPort {
  constructor(private readonly db: Kysely<Database>) {}

  /** Blocks with the merge request on one side, oldest first. */
  private async listBy(side: Side, mergeRequestId: number): Promise<Block[]> {
    const rows = await this.db
      .selectFrom('merge_request_blocks')
      .selectAll()
      .where(side, '=', mergeRequestId)
      .orderBy('id')
      .execute()
    return rows.map(toBlock)
  }

  /** Blocks where the merge request is the blocked one (blocks_as_blockee), oldest first. */
  listAsBlockee(id: number): Promise<Block[]> {
    return this.listBy('blocked_merge_request_id', id)
  }

  /** Blocks where the merge request is the blocking one (blocks_as_blocker), oldest first. */
  listAsBlocker(id: number): Promise<Block[]> {
    return this.listBy('blocking_merge_request_id', id)
  }

  /** The block `blockId` when it blocks `blockedId`. */
  async findOfBlockee(blockedId: number, blockId: number): Promise<Block | undefined> {
    const row = await this.db
      .selectFrom('merge_request_blocks')
      .selectAll()
      .where('id', '=', blockId)
      .where('blocked_merge_request_id', '=', blockedId)
      .executeTakeFirst()
    return row && toBlock(row)
  }

  /** Whether `blockingId` already blocks `blockedId`. */
  async exists(blockingId: number, blockedId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('merge_request_blocks')
      .select('id')
      .where('blocking_merge_request_id', '=', blockingId)
      .where('blocked_merge_request_id', '=', blockedId)
      .executeTakeFirst()
    return row !== undefined
  }

  /** How many merge requests the request blocks. */
  countBlocking(mergeRequestId: number): Promise<number> {
    return this.count('blocking_merge_request_id', mergeRequestId)
  }

  /** How many merge requests block the request. */
  countBlockedBy(mergeRequestId: number): Promise<number> {
    return this.count('blocked_merge_request_id', mergeRequestId)
  }

  private async count(side: Side, mergeRequestId: number): Promise<number> {
    const row = await this.db
      .selectFrom('merge_request_blocks')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where(side, '=', mergeRequestId)
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }

  /** Stores a block; a duplicate raises PostgreSQL's unique_violation. */
  async insert(blockingId: number, blockedId: number): Promise<Block> {
    const row = await this.db
      .insertInto('merge_request_blocks')
      .values({ blocking_merge_request_id: blockingId, blocked_merge_request_id: blockedId })
      .returningAll()
      .executeTakeFirstOrThrow()
    return toBlock(row)
  }

  /** Removes a block. */
  async delete(blockId: number): Promise<void> {
    await this.db.deleteFrom('merge_request_blocks').where('id', '=', blockId).execute()
  }

  /** Which of the requests an open request blocks. */
  async findBlocked(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set()
    const rows = await this.db
      .selectFrom('merge_request_blocks')
      .innerJoin(
        'merge_requests',
        'merge_requests.id',
        'merge_request_blocks.blocking_merge_request_id',
      )
      .select('merge_request_blocks.blocked_merge_request_id as id')
      .where('merge_request_blocks.blocked_merge_request_id', 'in', [...ids])
      .where('merge_requests.state', '=', 'opened')
      .execute()
    return new Set(rows.map((row) => row.id))
  }
}
