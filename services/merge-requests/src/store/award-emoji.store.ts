/**
 * award_emoji on merge requests, with merge_requests.upvotes/downvotes kept
 * in step (thumbsup/thumbsdown) in the same transaction.
 */
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { AwardEmojiTable, Database } from './schema.js'
import { markPendingTodosDone } from './todos.store.js'

export type AwardEmojiRow = Selectable<AwardEmojiTable>

const VOTE_COLUMNS: Readonly<Record<string, 'upvotes' | 'downvotes'>> = {
  thumbsup: 'upvotes',
  thumbsdown: 'downvotes',
}

export interface AwardEmojiPage {
  rows: AwardEmojiRow[]
  total: number
}

/** One page of the merge request's award emoji, by id. */
export async function listAwardEmoji(
  db: Kysely<Database>,
  mergeRequestId: number,
  window: { limit: number; offset: number },
): Promise<AwardEmojiPage> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('award_emoji')
      .selectAll()
      .where('merge_request_id', '=', mergeRequestId)
      .orderBy('id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    db
      .selectFrom('award_emoji')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('merge_request_id', '=', mergeRequestId)
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.count) }
}

/** The award `awardId` when it is on the merge request. */
export function findAwardEmoji(
  db: Kysely<Database>,
  mergeRequestId: number,
  awardId: number,
): Promise<AwardEmojiRow | undefined> {
  return db
    .selectFrom('award_emoji')
    .selectAll()
    .where('merge_request_id', '=', mergeRequestId)
    .where('id', '=', awardId)
    .executeTakeFirst()
}

/** Whether the user already awarded that emoji to the merge request. */
export async function awardExists(
  db: Kysely<Database>,
  mergeRequestId: number,
  userId: number,
  name: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('award_emoji')
    .select('id')
    .where('merge_request_id', '=', mergeRequestId)
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst()
  return row !== undefined
}

/** Moves the vote count an emoji stands for and touches the merge request. */
async function touchMergeRequest(
  trx: Transaction<Database>,
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

/**
 * Awards an emoji: the award, the vote count and the user's pending to-dos
 * on the merge request marked done (GitLab's TodoService#new_award_emoji).
 * A duplicate raises PostgreSQL's unique_violation.
 */
export function insertAwardEmoji(
  db: Kysely<Database>,
  mergeRequestId: number,
  userId: number,
  name: string,
): Promise<AwardEmojiRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('award_emoji')
      .values({ merge_request_id: mergeRequestId, user_id: userId, name })
      .returningAll()
      .executeTakeFirstOrThrow()
    await touchMergeRequest(trx, mergeRequestId, name, 1)
    await markPendingTodosDone(trx, mergeRequestId, userId)
    return row
  })
}

/** Removes an award and the vote it counted. */
export function deleteAwardEmoji(db: Kysely<Database>, award: AwardEmojiRow): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('award_emoji')
      .where('id', '=', award.id)
      .executeTakeFirst()
    if (deleted.numDeletedRows > 0n) {
      await touchMergeRequest(trx, award.merge_request_id, award.name, -1)
    }
  })
}
