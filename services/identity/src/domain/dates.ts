const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Today's date in UTC as GitLab compares expiry dates: 'YYYY-MM-DD'. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10)
}

/** Whether a string is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = DATE.exec(value)
  if (!match) return false
  const [, year, month, day] = match.map(Number)
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1))
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() + 1 === month && date.getUTCDate() === day
  )
}

/**
 * Accepts a date or an ISO timestamp (the gateway may pass either, as GitLab's
 * DateTime parameters do) and returns its YYYY-MM-DD part, or undefined.
 */
export function toIsoDate(value: string): string | undefined {
  const datePart = value.trim().slice(0, 10)
  if (!isIsoDate(datePart)) return undefined
  const rest = value.trim().slice(10)
  if (rest !== '' && !/^[T ]\d{2}:\d{2}/.test(rest)) return undefined
  return datePart
}

/** A date parameter as stored: its YYYY-MM-DD part when it parses, else as given (to be refused). */
export function normalizeDate(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return value
  return toIsoDate(value) ?? value
}
