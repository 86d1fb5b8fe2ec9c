/**
 * award_emoji on merge requests, with merge_requests.upvotes/downvotes kept
 * in step (thumbsup/thumbsdown) in the same transaction.
 */
import type { Kysely, Selectable } from 'kysely'
import type { AwardEmoji } from '../domain/collaboration-records.js'
import type { AwardEmojiTable, Database } from './schema.js'
import { markPendingTodosDone } from './todos.store.js'
import { inTransaction } from './transactions.js'
import type { AwardEmojiPort } from '../domain/ports.js'

const VOTE_COLUMNS: Readonly<Record<string, 'upvotes' | 'downvotes'>> = {
  thumbsup: 'upvotes',
  thumbsdown: 'downvotes',
}

function toAwardEmoji(row: Selectable<AwardEmojiTable>): AwardEmoji {
  return {
    id: row.id,
    mergeRequestId: row.merge_request_id,
    userId: row.user_id,
    name: row.name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** Moves the vote count an emoji stands for and touches the merge request. */
async function touchMergeRequest(
  trx: Kysely<Database>,
  mergeRequestId: number,
  name: string,
  delta: 1 | -1,
): Promise<void> {
  const column = VOTE_COLUMNS[name]
  await trx
    .updateTable('merge_requests')
    .set((eb) =>
      column
        ? { updated_at: new Date(), [column]: eb(eb.ref(column), '+', delta) }
        : { updated_at: new Date() },
    )
    .where('id', '=', mergeRequestId)
    .execute()
}

export class AwardEmojiStore implements AwardEmojiPort {
  constructor(private readonly db: Kysely<Database>) {}

  /** One page of the merge request's award emoji, by id. */
  async list(
    mergeRequestId: number,
    window: { limit: number; offset: number },
  ): Promise<{ awards: AwardEmoji[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('award_emoji')
        .selectAll()
        .where('merge_request_id', '=', mergeRequestId)
        .orderBy('id')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      this.db
        .selectFrom('award_emoji')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('merge_request_id', '=', mergeRequestId)
        .executeTakeFirstOrThrow(),
    ])
    return { awards: rows.map(toAwardEmoji), total: Number(count.count) }
  }

  /** The award `awardId` when it is on the merge request. */
  async find(mergeRequestId: number, awardId: number): Promise<AwardEmoji | undefined> {
    const row = await this.db
      .selectFrom('award_emoji')
      .selectAll()
      .where('merge_request_id', '=', mergeRequestId)
      .where('id', '=', awardId)
      .executeTakeFirst()
    return row && toAwardEmoji(row)
  }

  /** Whether the user already awarded that emoji to the merge request. */
  async exists(mergeRequestId: number, userId: number, name: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('award_emoji')
      .select('id')
      .where('merge_request_id', '=', mergeRequestId)
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .executeTakeFirst()
    return row !== undefined
  }

  /**
   * Awards an emoji: the award, the vote count and the user's pending to-dos
   * on the merge request marked done (GitLab's TodoService#new_award_emoji).
   * A duplicate raises PostgreSQL's unique_violation.
   */
  insert(mergeRequestId: number, userId: number, name: string): Promise<AwardEmoji> {
    return inTransaction(this.db, async (trx) => {
      const row = await trx
        .insertInto('award_emoji')
        .values({ merge_request_id: mergeRequestId, user_id: userId, name })
        .returningAll()
        .executeTakeFirstOrThrow()
      await touchMergeRequest(trx, mergeRequestId, name, 1)
      await markPendingTodosDone(trx, mergeRequestId, userId)
      return toAwardEmoji(row)
    })
  }

  /** Removes an award and the vote it counted. */
  delete(award: AwardEmoji): Promise<void> {
    return inTransaction(this.db, async (trx) => {
      const deleted = await trx
        .deleteFrom('award_emoji')
        .where('id', '=', award.id)
        .executeTakeFirst()
      if (deleted.numDeletedRows > 0n) {
        await touchMergeRequest(trx, award.mergeRequestId, award.name, -1)
      }
    })
  }
}
