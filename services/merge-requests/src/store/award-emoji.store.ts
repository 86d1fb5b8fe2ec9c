/**
 * award_emoji on merge requests and issues (one of merge_request_id and
 * issue_id names the awardable), with the awardable's upvotes/downvotes kept
 * in step (thumbsup/thumbsdown) in the same transaction.
 */
import type { Kysely, Selectable } from 'kysely'
import type { AwardEmoji, NoteableRef } from '../domain/collaboration-records.js'
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
    awardable:
      row.issue_id === null
        ? { type: 'MergeRequest', id: Number(row.merge_request_id) }
        : { type: 'Issue', id: row.issue_id },
    userId: row.user_id,
    name: row.name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** The award_emoji column naming an awardable of this type. */
function awardableColumn(awardable: NoteableRef): 'merge_request_id' | 'issue_id' {
  return awardable.type === 'Issue' ? 'issue_id' : 'merge_request_id'
}

/** Moves the vote count an emoji stands for and touches the awardable. */
async function touchAwardable(
  trx: Kysely<Database>,
  awardable: NoteableRef,
  name: string,
  delta: 1 | -1,
): Promise<void> {
  const column = VOTE_COLUMNS[name]
  await trx
    .updateTable(awardable.type === 'Issue' ? 'issues' : 'merge_requests')
    .set((eb) =>
      column
        ? { updated_at: new Date(), [column]: eb(eb.ref(column), '+', delta) }
        : { updated_at: new Date() },
    )
    .where('id', '=', awardable.id)
    .execute()
}

export class AwardEmojiStore implements AwardEmojiPort {
  constructor(private readonly db: Kysely<Database>) {}

  /** One page of the awardable's award emoji, by id. */
  async list(
    awardable: NoteableRef,
    window: { limit: number; offset: number },
  ): Promise<{ awards: AwardEmoji[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('award_emoji')
        .selectAll()
        .where(awardableColumn(awardable), '=', awardable.id)
        .orderBy('id')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      this.db
        .selectFrom('award_emoji')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where(awardableColumn(awardable), '=', awardable.id)
        .executeTakeFirstOrThrow(),
    ])
    return { awards: rows.map(toAwardEmoji), total: Number(count.count) }
  }

  /** The award `awardId` when it is on the awardable. */
  async find(awardable: NoteableRef, awardId: number): Promise<AwardEmoji | undefined> {
    const row = await this.db
      .selectFrom('award_emoji')
      .selectAll()
      .where(awardableColumn(awardable), '=', awardable.id)
      .where('id', '=', awardId)
      .executeTakeFirst()
    return row && toAwardEmoji(row)
  }

  /** Whether the user already awarded that emoji to the awardable. */
  async exists(awardable: NoteableRef, userId: number, name: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('award_emoji')
      .select('id')
      .where(awardableColumn(awardable), '=', awardable.id)
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .executeTakeFirst()
    return row !== undefined
  }

  /**
   * Awards an emoji: the award, the vote count and, on a merge request, the
   * user's pending to-dos marked done (GitLab's TodoService#new_award_emoji).
   * A duplicate raises PostgreSQL's unique_violation.
   */
  insert(awardable: NoteableRef, userId: number, name: string): Promise<AwardEmoji> {
    return inTransaction(this.db, async (trx) => {
      const row = await trx
        .insertInto('award_emoji')
        .values({ [awardableColumn(awardable)]: awardable.id, user_id: userId, name })
        .returningAll()
        .executeTakeFirstOrThrow()
      await touchAwardable(trx, awardable, name, 1)
      if (awardable.type === 'MergeRequest') {
        await markPendingTodosDone(trx, awardable.id, userId)
      }
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
        await touchAwardable(trx, award.awardable, award.name, -1)
      }
    })
  }
}
