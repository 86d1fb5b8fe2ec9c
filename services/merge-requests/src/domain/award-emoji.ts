/**
 * Award emoji on merge requests and issues (API::AwardEmoji): read with the
 * awardable, award any known emoji once per user (award_emoji, which a
 * locked discussion takes from non-members), remove one's own (admins any).
 * Errors are GitLab's: an unreadable awardable (a confidential issue
 * included) or a refused award is 404 Award Emoji, an award that does not
 * save a 404 naming why.
 */
import {
  NotFoundError,
  RecordNotFoundError,
  UnauthenticatedError,
  isUniqueViolation,
  pageWindow,
  type PageRequest,
} from '@suite/runtime'
import type { Caller } from './caller.js'
import type { AwardEmoji } from './collaboration-records.js'
import { requireUserId } from './collaboration-access.js'
import type { MergeRequestsDeps } from './ports.js'
import { isEmojiName, normalizeEmojiName } from './emoji-names.js'
import {
  canAwardEmojiOn,
  canReadNoteable,
  findNoteable,
  type Noteable,
  type NoteableKey,
} from './noteable.js'

/** GET .../award_emoji, one page by id. */
export async function listAwardEmoji(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
  page: PageRequest | undefined,
): Promise<{ awardEmoji: AwardEmoji[]; total: number }> {
  const awardable = await requireReadable(deps, caller, key)
  const { awards, total } = await deps.stores.awardEmoji.list(awardable.ref, pageWindow(page))
  return { awardEmoji: awards, total }
}

/** What award emoji are on: a merge request or an issue (never a commit here). */
type Awardable = Exclude<Noteable, { type: 'Commit' }>

/** The awardable when the caller may read it; else GitLab's not_found!("Award Emoji"). */
async function requireReadable(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
): Promise<Awardable> {
  const awardable = await findNoteable(deps, caller, key)
  if (awardable.type === 'Commit' || !canReadNoteable(caller, awardable)) {
    throw new NotFoundError('Award Emoji')
  }
  return awardable
}

/** The award on the awardable, else GitLab's find miss (404 Not found). */
async function requireAward(
  deps: MergeRequestsDeps,
  awardable: Awardable,
  awardId: number,
): Promise<AwardEmoji> {
  const award = await deps.stores.awardEmoji.find(awardable.ref, awardId)
  if (!award) throw new RecordNotFoundError()
  return award
}

/** GET .../award_emoji/:award_id */
export async function getAwardEmoji(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
  awardId: number,
): Promise<AwardEmoji> {
  const awardable = await requireReadable(deps, caller, key)
  return requireAward(deps, awardable, awardId)
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
  key: NoteableKey,
  rawName: string,
): Promise<AwardEmoji> {
  const userId = requireUserId(caller)
  const awardable = await requireReadable(deps, caller, key)
  if (!canAwardEmojiOn(caller, awardable)) throw new NotFoundError('Award Emoji')
  const name = normalizeEmojiName(rawName)
  if (!isEmojiName(name)) throw awardNotSaved('is not a valid emoji name')
  if (await deps.stores.awardEmoji.exists(awardable.ref, userId, name)) {
    throw awardNotSaved('has already been taken')
  }
  try {
    return await deps.stores.awardEmoji.insert(awardable.ref, userId, name)
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
  key: NoteableKey,
  awardId: number,
): Promise<void> {
  const userId = requireUserId(caller)
  const awardable = await findNoteable(deps, caller, key)
  if (awardable.type === 'Commit') throw new NotFoundError('Award Emoji')
  const award = await requireAward(deps, awardable, awardId)
  if (award.userId !== userId && !caller?.admin) throw new UnauthenticatedError()
  await deps.stores.awardEmoji.delete(award)
}
