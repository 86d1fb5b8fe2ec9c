import { z } from 'zod'
import { MESSAGES, Param, readWith, type Coerced } from './param.js'

// Grape's Boolean coercion (dry-types Params::Bool), compared without case:
// python-gitlab sends True and False.
const TRUE_WORDS = new Set(['true', 't', '1', 'yes', 'y', 'on'])
const FALSE_WORDS = new Set(['false', 'f', '0', 'no', 'n', 'off'])

function toBoolean(raw: unknown): unknown {
  if (typeof raw === 'number' && (raw === 0 || raw === 1)) return raw === 1
  if (typeof raw !== 'string') return raw
  const word = raw.trim().toLowerCase()
  if (TRUE_WORDS.has(word)) return true
  if (FALSE_WORDS.has(word)) return false
  return raw
}

/**
 * A decimal integer as a JS number. Ruby's integers have no upper bound, so
 * GitLab takes any digit string; a value beyond what a number holds exactly
 * saturates. No row has such an id, so a lookup answers the owning service's
 * 404 (as GitLab's find_by does), and per_page or page limits apply as usual.
 */
export function saturatingInteger(digits: string): number {
  const value = Number(digits)
  return Math.min(Math.max(value, Number.MIN_SAFE_INTEGER), Number.MAX_SAFE_INTEGER)
}

/**
 * An integer for an int32 message field. Ruby's Integer has no bound, so a
 * value beyond int32 is still a well-formed parameter; it saturates to the
 * nearest int32, which no enumerated field (an access level) accepts, so the
 * owning service answers its usual validation error instead of the encoder
 * failing with a 500.
 */
export function saturatingInt32(value: number): number {
  return Math.min(Math.max(value, -(2 ** 31)), 2 ** 31 - 1)
}

/** Ruby's Integer(): decimal digits with an optional sign and surrounding blanks. */
function toInteger(raw: unknown): unknown {
  if (typeof raw === 'string' && /^\s*[+-]?\d+\s*$/.test(raw)) return saturatingInteger(raw)
  if (typeof raw === 'number' && Number.isInteger(raw)) return saturatingInteger(String(raw))
  return raw
}

/** Numbers and booleans sent in JSON read as strings, as Grape's String coercion does. */
function toText(raw: unknown): unknown {
  return typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw
}

/** PostgreSQL cannot store a NUL character in text: such a value is invalid input. */
export function hasNul(value: string): boolean {
  return value.includes('\u0000')
}

/** A date, or the date part of an ISO 8601 time. */
function toDate(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw
  const text = raw.trim()
  const datetime = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}/.exec(text)
  return datetime ? datetime[1] : text
}

const integer = z.preprocess(toInteger, z.int())
const boolean = z.preprocess(toBoolean, z.boolean())
const text = z.preprocess(
  toText,
  z.string().refine((value) => !hasNul(value)),
)
const date = z.preprocess(toDate, z.iso.date())

function isHash(raw: unknown): raw is Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw)
}

/**
 * The values of an array parameter, however it was sent. qs turns `a[]=`
 * lists longer than its arrayLimit (20) into `{"0": .., "1": ..}`; that reads
 * as the list it was.
 */
export function listOf(raw: unknown, commaSeparated: boolean): unknown[] {
  if (Array.isArray(raw)) return raw
  if (isHash(raw) && Object.keys(raw).every((key) => /^\d+$/.test(key))) {
    return Object.keys(raw)
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => raw[key])
  }
  if (commaSeparated && typeof raw === 'string') return raw === '' ? [] : raw.split(',')
  return [raw]
}

/** Reads every element; the first failure fails the whole parameter, as in Grape. */
function readAll<T>(item: Param<T, boolean>, values: unknown[]): Coerced<T[]> {
  const out: T[] = []
  for (const value of values) {
    const result = item.read(value)
    if (!result.ok) return result
    out.push(result.value)
  }
  return { ok: true, value: out }
}

/**
 * Parameter builders with GitLab's coercions; the same value reads the same
 * from a JSON body, a form or a query string.
 */
export const p = {
  /** Integer; garbage is `<name> is invalid`. */
  int: () => new Param(readWith(integer), true).describe({ type: 'integer' }),
  /**
   * Integer stored in an int32 column: beyond it is `<name> does not have a
   * valid value` (a 400 where GitLab's save would fail on the column's range).
   */
  int32: () =>
    new Param(readWith(integer), true)
      .describe({ type: 'integer', format: 'int32' })
      .check((value) => value === saturatingInt32(value), MESSAGES.values),
  /**
   * An iid (`merge_request_iid`, `alert_iid`, `iids[]`). GitLab keeps iids in
   * int4 columns, so a value beyond int32 names no object: it saturates to the
   * nearest int32, which no row holds, and the owning service answers its own
   * 404 (`404 Merge Request Not Found`) in GitLab's order of checks instead of
   * the database refusing the value with a 500.
   */
  iid: () =>
    new Param<number>((raw) => {
      const result = readWith(integer)(raw)
      return result.ok ? { ok: true, value: saturatingInt32(result.value) } : result
    }, true).describe({ type: 'integer' }),
  /** GitLab boolean: true/false, t/f, 1/0, yes/no, y/n, on/off in any case. */
  bool: () => new Param(readWith(boolean), true).describe({ type: 'boolean' }),
  string: () => new Param(readWith(text), false).describe({ type: 'string' }),
  /** YYYY-MM-DD (the date part of a full ISO 8601 time is taken). */
  date: () => new Param(readWith(date), true).describe({ type: 'string', format: 'date' }),
  /** `name[]=a&name[]=b`, a JSON array, or with commaSeparated `name=a,b`. */
  array: <T>(item: Param<T, boolean>, options: { commaSeparated?: boolean } = {}) =>
    new Param<T[]>(
      (raw) => readAll(item, listOf(raw, options.commaSeparated ?? false)),
      true,
    ).describe({ type: 'array', items: item.schema ?? {} }),
  /** `name[key]=value` or a JSON object, each value read as `item`. */
  hash: <T>(item: Param<T, boolean>) =>
    new Param<Record<string, T>>((raw) => {
      if (!isHash(raw)) return { ok: false, message: MESSAGES.invalid }
      const entries: [string, T][] = []
      for (const [key, value] of Object.entries(raw)) {
        const result = item.read(value)
        if (!result.ok) return result
        entries.push([key, result.value])
      }
      return { ok: true, value: Object.fromEntries(entries) }
    }, true).describe({ type: 'object', additionalProperties: item.schema ?? {} }),
}
