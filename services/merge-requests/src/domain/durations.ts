/**
 * GitLab's duration language for time tracking: Gitlab::TimeTrackingFormatter,
 * which runs GitLab's fork of ChronicDuration with a working calendar
 * (hours_per_day 8, days_per_month 20, so 1mo = 4w, 1w = 5d, 1d = 8h),
 * `default_unit: 'hours'` for bare numbers, format `:short` with weeks, and
 * a leading `-` that subtracts.
 *
 * The parser follows ChronicDuration step by step so that its quirks match
 * GitLab's: unknown words are dropped ("1h foo" is 1h, "foo" is nothing),
 * "1:30" is one minute thirty seconds, a unit without a number counts once
 * ("hour" is 1h). Not carried over: ChronicDuration's Numerizer, which reads
 * number words ("two hours"); here such words are unknown and dropped.
 */

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 8 * HOUR
const WEEK = 5 * DAY
const MONTH = 4 * WEEK
/** ChronicDuration's year: 365.25 days of 24 hours, whatever the working calendar. */
const YEAR = 31_557_600

/**
 * The largest time estimate GitLab stores (Gitlab::Database::MAX_INT_VALUE):
 * TimeTrackable#time_estimate= keeps a larger whole number as this, without an error.
 */
export const MAX_TIME_ESTIMATE = 2_147_483_647

/**
 * The most spent time one merge request may total (Timelog::MAX_TOTAL_TIME_SPENT,
 * ChronicDuration's year): a timelog taking the total past it is refused
 * with "Total time spent cannot exceed a year.", one taking it below zero
 * with "Total time spent cannot be negative.".
 */
export const MAX_TOTAL_TIME_SPENT = YEAR

type Unit = 'years' | 'months' | 'weeks' | 'days' | 'hours' | 'minutes' | 'seconds'

const SECONDS_PER_UNIT: Readonly<Record<Unit, number>> = {
  years: YEAR,
  months: MONTH,
  weeks: WEEK,
  days: DAY,
  hours: HOUR,
  minutes: MINUTE,
  seconds: 1,
}

/** ChronicDuration's accepted words, each mapped to its unit. */
const UNIT_WORDS: ReadonlyMap<string, Unit> = new Map(
  (
    [
      ['seconds', ['seconds', 'second', 'secs', 'sec', 's']],
      ['minutes', ['minutes', 'minute', 'mins', 'min', 'm']],
      ['hours', ['hours', 'hour', 'hrs', 'hr', 'h']],
      ['days', ['days', 'day', 'dy', 'd']],
      ['weeks', ['weeks', 'week', 'wks', 'wk', 'w']],
      ['months', ['months', 'mo', 'mos', 'month']],
      ['years', ['years', 'year', 'yrs', 'yr', 'y']],
    ] as const
  ).flatMap(([unit, words]) => words.map((word): [string, Unit] => [word, unit])),
)

/** Units of a colon form ("1:02:03"), last part first; weeks are skipped as ChronicDuration does. */
const CHRONO_UNITS: readonly Unit[] = ['seconds', 'minutes', 'hours', 'days', 'months', 'years']

/** ChronicDuration's float_matcher; only ever run where a match is found at once (see below). */
const NUMBER = /[0-9]*\.?[0-9]+/
const NUMBERS = new RegExp(NUMBER.source, 'g')
/**
 * Whether the text holds ChronicDuration's colon form, `float(:float)+`
 * anywhere. That RegExp is cubic on a long run of digits without a colon
 * (4,000 digits held the service for 27 s, issue 24); it occurs exactly where
 * a digit, a colon and a float's first character (a digit, or `.` and a
 * digit) follow each other, which this fixed-width pattern finds in linear time.
 */
const CHRONO_FORM = /[0-9]:\.?[0-9]/

/** The text without trailing colons, as Ruby's split drops trailing empty parts ("1:30:" is "1:30"). */
function trimTrailingColons(text: string): string {
  let end = text.length
  while (end > 0 && text[end - 1] === ':') end--
  return text.slice(0, end)
}

/** Rewrites "1:02:03" as "1 hours 02 minutes 03 seconds"; undefined when it has too many parts. */
function expandChronoForm(text: string): string | undefined {
  const compact = text.replace(/ /g, '')
  if (!CHRONO_FORM.test(compact)) return text
  // `:+$` would be quadratic on a long run of colons; a loop is not.
  const parts = trimTrailingColons(compact).split(':').reverse()
  if (parts.length > CHRONO_UNITS.length) return undefined
  return parts
    .map((part, index) => `${part} ${CHRONO_UNITS[index] ?? 'seconds'}`)
    .reverse()
    .join(' ')
}

/** Numbers and unit names only: unknown words and join words ("and", "plus") are dropped. */
function tokenize(text: string): string[] | undefined {
  const expanded = expandChronoForm(text.toLowerCase())
  if (expanded === undefined) return undefined
  const words = expanded.replace(NUMBERS, (n) => ` ${n} `).split(/\s+/)
  const tokens: string[] = []
  for (const word of words) {
    if (NUMBER.test(word)) {
      tokens.push(word)
      continue
    }
    const unit = UNIT_WORDS.get(word.replace(/^,/, '').replace(/,$/, ''))
    if (unit) tokens.push(unit)
  }
  // "hour" or "minute 30s": a leading unit counts once.
  if (tokens[0] !== undefined && UNIT_WORDS.has(tokens[0])) tokens.unshift('1')
  return tokens
}

/** Each number times the unit after it; a number followed by another number counts nothing, a last one is hours. */
function sumTokens(tokens: readonly string[]): number {
  let total = 0
  tokens.forEach((token, index) => {
    if (!NUMBER.test(token)) return
    const value = Number.parseFloat(token)
    const next = tokens[index + 1] ?? 'hours'
    const unit = UNIT_WORDS.get(next)
    total += (value % 1 > 0 ? value : Math.trunc(value)) * (unit ? SECONDS_PER_UNIT[unit] : 0)
  })
  return total
}

/**
 * Seconds for a duration text ("1h 30m", "3d4h", "1.5" for hours), negative
 * with a leading `-`; undefined when nothing in it reads as time (GitLab's
 * 400). Fractions of a second are dropped, as GitLab's integer columns do.
 */
export function parseDuration(text: string): number | undefined {
  const negative = text.startsWith('-')
  const tokens = tokenize(negative ? text.slice(1) : text)
  if (tokens === undefined) return undefined
  const seconds = sumTokens(tokens)
  if (seconds === 0 || !Number.isFinite(seconds)) return undefined
  const whole = Math.trunc(seconds)
  return negative ? -whole : whole
}

/** Seconds split into ChronicDuration's units, largest first. */
function splitUnits(seconds: number): [string, number][] {
  // ChronicDuration counts in years (and no weeks) when that leaves a
  // smaller remainder than counting in months, e.g. 31557600 is "1y".
  if (seconds >= YEAR && seconds % YEAR < seconds % MONTH) {
    const rest = seconds % YEAR
    return [
      ['y', Math.floor(seconds / YEAR)],
      ['mo', Math.floor(rest / MONTH)],
      ['d', Math.floor((rest % MONTH) / DAY)],
      ['h', Math.floor((rest % DAY) / HOUR)],
      ['m', Math.floor((rest % HOUR) / MINUTE)],
      ['s', rest % MINUTE],
    ]
  }
  return [
    ['mo', Math.floor(seconds / MONTH)],
    ['w', Math.floor((seconds % MONTH) / WEEK)],
    ['d', Math.floor((seconds % WEEK) / DAY)],
    ['h', Math.floor((seconds % DAY) / HOUR)],
    ['m', Math.floor((seconds % HOUR) / MINUTE)],
    ['s', seconds % MINUTE],
  ]
}

/**
 * GitLab's human form of seconds ("1w 2d 3h 4m", "1mo 1w", "30m", "-1h"):
 * non-zero units only, largest first; undefined for 0. Fractions of a second
 * are dropped.
 */
export function formatDuration(seconds: number): string | undefined {
  const whole = Math.trunc(seconds)
  if (whole === 0 || !Number.isFinite(whole)) return undefined
  const text = splitUnits(Math.abs(whole))
    .filter(([, count]) => count > 0)
    .map(([suffix, count]) => `${count}${suffix}`)
    .join(' ')
  return whole < 0 ? `-${text}` : text
}
