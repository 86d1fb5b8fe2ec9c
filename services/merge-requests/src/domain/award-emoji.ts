/**
 * Award emoji on merge requests (API::AwardEmoji): read with the request,
 * award any known emoji once per user (award_emoji, which a locked
 * discussion takes from non-members), remove one's own (admins any).
 * Errors are GitLab's: an unreadable request or a refused award is 404
 * Award Emoji, an award that does not save a 404 naming why.
 */
import type { AwardEmoji, Caller, PageRequest } from '@suite/proto'
import {
  NotFoundError,
  RecordNotFoundError,
  UnauthenticatedError,
  isUniqueViolation,
} from '@suite/runtime'
import type { MergeRequestsDeps } from './deps.js'
import {
  awardExists,
  deleteAwardEmoji as deleteAwardRow,
  findAwardEmoji,
  insertAwardEmoji,
  listAwardEmoji as listAwardRows,
  type AwardEmojiRow,
} from '../store/award-emoji.store.js'
import { requireUserId } from './collaboration-access.js'
import { pageWindow } from '@suite/runtime'
import { isEmojiName, normalizeEmojiName } from './emoji-names.js'
import {
  findMergeRequestIn,
  type MergeRequestKey,
  type MergeRequestRow,
} from './merge-request-access.js'
import { canAwardEmoji, grantsIn } from './policy.js'

/** An award as the message. */
export function awardEmojiFromRow(row: AwardEmojiRow): AwardEmoji {
  return {
    id: row.id,
    name: row.name,
    userId: row.user_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    awardableId: row.merge_request_id,
    awardableType: 'MergeRequest',
  }
}

/** GET .../award_emoji, one page by id. */
export async function listAwardEmoji(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  page: PageRequest | undefined,
): Promise<{ awardEmoji: AwardEmoji[]; total: number }> {
  const row = await requireReadable(deps, caller, key)
  const { rows, total } = await listAwardRows(deps.db, row.id, pageWindow(page))
  return { awardEmoji: rows.map(awardEmojiFromRow), total }
}

/** The request when the caller may read it; else GitLab's not_found!("Award Emoji"). */
async function requireReadable(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<MergeRequestRow> {
  const row = await findMergeRequestIn(deps, caller, key)
  if (!grantsIn(caller, key.projectId)?.readMergeRequest) throw new NotFoundError('Award Emoji')
  return row
}

/** The award on the request, else GitLab's find miss (404 Not found). */
async function requireAward(
  deps: MergeRequestsDeps,
  row: MergeRequestRow,
  awardId: number,
): Promise<AwardEmojiRow> {
  const award = await findAwardEmoji(deps.db, row.id, awardId)
  if (!award) throw new RecordNotFoundError()
  return award
}

/** GET .../award_emoji/:award_id */
export async function getAwardEmoji(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  awardId: number,
): Promise<AwardEmoji> {
  const row = await requireReadable(deps, caller, key)
  return awardEmojiFromRow(await requireAward(deps, row, awardId))
}

/** not_found!("Award Emoji <full messages>"): 404 "404 Award Emoji Name ... Not Found". */
function awardNotSaved(message: string): NotFoundError {
  return new NotFoundError(`Award Emoji Name ${message}`)
}

/**
 * POST .../award_emoji: `+1` and other aliases are stored under their
 * emoji's name; an unknown name or one the caller already awarded does not
 * save (404, as GitLab answers).
 */
export async function createAwardEmoji(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  rawName: string,
): Promise<AwardEmoji> {
  const userId = requireUserId(caller)
  const row = await requireReadable(deps, caller, key)
  if (!canAwardEmoji(caller, row)) throw new NotFoundError('Award Emoji')
  const name = normalizeEmojiName(rawName)
  if (!isEmojiName(name)) throw awardNotSaved('is not a valid emoji name')
  if (await awardExists(deps.db, row.id, userId, name)) {
    throw awardNotSaved('has already been taken')
  }
  try {
    return awardEmojiFromRow(await insertAwardEmoji(deps.db, row.id, userId, name))
  } catch (error) {
    if (isUniqueViolation(error)) throw awardNotSaved('has already been taken')
    throw error
  }
}

/**
 * DELETE .../award_emoji/:award_id: 404 when unknown, 401 unless it is the
 * caller's (or an admin's); GitLab asks nothing more of the caller here.
 */
export async function deleteAwardEmoji(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  awardId: number,
): Promise<void> {
  const userId = requireUserId(caller)
  const award = await requireAward(deps, await findMergeRequestIn(deps, caller, key), awardId)
  if (award.user_id !== userId && !caller?.admin) throw new UnauthenticatedError()
  await deleteAwardRow(deps.db, award)
}
