/**
 * Award emoji on merge requests (API::AwardEmoji): read with the request,
 * award any known emoji once per user (award_emoji, which a locked
 * discussion takes from non-members), remove one's own (admins any).
 * Errors are GitLab's: an unreadable request or a refused award is 404
 * Award Emoji, an award that does not save a 404 naming why.
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
import type { MergeRequest, MergeRequestKey } from './merge-request.js'
import { findMergeRequestIn } from './merge-request-access.js'
import { canAwardEmoji, grantsIn } from './policy.js'

/** GET .../award_emoji, one page by id. */
export async function listAwardEmoji(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  page: PageRequest | undefined,
): Promise<{ awardEmoji: AwardEmoji[]; total: number }> {
  const mergeRequest = await requireReadable(deps, caller, key)
  const { awards, total } = await deps.stores.awardEmoji.list(mergeRequest.id, pageWindow(page))
  return { awardEmoji: awards, total }
}

/** The request when the caller may read it; else GitLab's not_found!("Award Emoji"). */
async function requireReadable(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<MergeRequest> {
  const mergeRequest = await findMergeRequestIn(deps, caller, key)
  if (!grantsIn(caller, key.projectId)?.readMergeRequest) throw new NotFoundError('Award Emoji')
  return mergeRequest
}

/** The award on the request, else GitLab's find miss (404 Not found). */
async function requireAward(
  deps: MergeRequestsDeps,
  mergeRequest: MergeRequest,
  awardId: number,
): Promise<AwardEmoji> {
  const award = await deps.stores.awardEmoji.find(mergeRequest.id, awardId)
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
  const mergeRequest = await requireReadable(deps, caller, key)
  return requireAward(deps, mergeRequest, awardId)
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
  const mergeRequest = await requireReadable(deps, caller, key)
  if (!canAwardEmoji(caller, mergeRequest)) throw new NotFoundError('Award Emoji')
  const name = normalizeEmojiName(rawName)
  if (!isEmojiName(name)) throw awardNotSaved('is not a valid emoji name')
  if (await deps.stores.awardEmoji.exists(mergeRequest.id, userId, name)) {
    throw awardNotSaved('has already been taken')
  }
  try {
    return await deps.stores.awardEmoji.insert(mergeRequest.id, userId, name)
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
  if (award.userId !== userId && !caller?.admin) throw new UnauthenticatedError()
  await deps.stores.awardEmoji.delete(award)
}
