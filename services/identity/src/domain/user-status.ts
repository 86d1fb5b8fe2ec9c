import { InvalidError } from '@suite/runtime'
import { ErrorCollector, tooLong } from './field-errors.js'

/** A user's status (GitLab's UserStatus). */
export interface UserStatus {
  userId: number
  emoji: string
  message: string | null
  /** not_set or busy */
  availability: string
  clearStatusAt: Date | null
}

/** What PUT /user/status sends; an absent field is cleared. */
export interface StatusInput {
  emoji?: string | undefined
  message?: string | undefined
  availability?: string | undefined
  clearStatusAfter?: string | undefined
  /**
   * PATCH /user/status: only the given fields reach Users::SetStatusService,
   * so a field left out keeps its value.
   */
  keepUnspecified?: boolean
}

/** UserStatus::DEFAULT_EMOJI */
export const DEFAULT_EMOJI = 'speech_balloon'
export const MAX_MESSAGE_LENGTH = 100
export const AVAILABILITIES: readonly string[] = ['not_set', 'busy']

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/** UserStatus::CLEAR_STATUS_QUICK_OPTIONS */
export const CLEAR_STATUS_AFTER: ReadonlyMap<string, number> = new Map([
  ['30_minutes', 30 * MINUTE_MS],
  ['3_hours', 3 * HOUR_MS],
  ['8_hours', 8 * HOUR_MS],
  ['1_day', DAY_MS],
  ['3_days', 3 * DAY_MS],
  ['7_days', 7 * DAY_MS],
  ['30_days', 30 * DAY_MS],
])

/** An emoji name as GitLab's emoji index spells them (`thumbsup`, `+1`, `flag-us`). */
const EMOJI_NAME = /^[a-z0-9_+-]{1,64}$/

const present = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== ''

/**
 * Users::SetStatusService: with no emoji, message or availability the status
 * goes (null); otherwise the emoji defaults to speech_balloon, a blank
 * availability keeps the one there was (not_set for a new status), and
 * clear_status_after sets when it ends. With `keepUnspecified` (PATCH) a
 * message or clear_status_after left out keeps its value, and so does the
 * emoji unless a message is given (GitLab defaults the emoji then); whether
 * the status goes is still decided on the given fields alone.
 */
export function planStatus(
  userId: number,
  input: StatusInput,
  existing: UserStatus | undefined,
  now: Date,
): UserStatus | null {
  if (!present(input.emoji) && !present(input.message) && !present(input.availability)) {
    return null
  }
  const errors = new ErrorCollector()
  const keep = input.keepUnspecified === true && existing !== undefined
  const emoji = present(input.emoji)
    ? input.emoji
    : keep && !present(input.message)
      ? existing.emoji
      : DEFAULT_EMOJI
  if (!EMOJI_NAME.test(emoji)) errors.add('emoji', 'is not a valid emoji name')
  const message =
    keep && input.message === undefined
      ? existing.message
      : present(input.message)
        ? input.message
        : null
  if (message !== null && [...message].length > MAX_MESSAGE_LENGTH) {
    errors.add('message', tooLong(MAX_MESSAGE_LENGTH))
  }
  const availability = present(input.availability)
    ? input.availability
    : (existing?.availability ?? 'not_set')
  if (!AVAILABILITIES.includes(availability)) {
    errors.add('availability', 'is not included in the list')
  }
  if (!errors.empty) throw new InvalidError(errors.toJSON())
  const after =
    input.clearStatusAfter === undefined
      ? undefined
      : CLEAR_STATUS_AFTER.get(input.clearStatusAfter)
  if (input.clearStatusAfter !== undefined && after === undefined) {
    throw new InvalidError({}, 'clear_status_after does not have a valid value')
  }
  return {
    userId,
    emoji,
    message,
    availability,
    clearStatusAt:
      after !== undefined ? new Date(now.getTime() + after) : keep ? existing.clearStatusAt : null,
  }
}
