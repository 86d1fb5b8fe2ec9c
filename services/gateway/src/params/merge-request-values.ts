import { saturatingInteger } from './coercions.js'
import { MESSAGES, Param, quotedValue } from './param.js'

/** IssuableFinder's FILTER_NONE / FILTER_ANY, compared without case. */
export type NoneAny = 'none' | 'any'

function noneAny(raw: unknown): NoneAny | undefined {
  const word = typeof raw === 'string' ? raw.trim().toLowerCase() : undefined
  return word === 'none' || word === 'any' ? word : undefined
}

/**
 * `integer_none_any: true` (API::Validations::Validators::IntegerNoneAny): an
 * integer, None or Any; else `<name> should be an integer, none, or any, however got <value>`.
 */
export function intNoneAny(): Param<number | NoneAny> {
  return new Param<number | NoneAny>((raw) => {
    const word = noneAny(raw)
    if (word) return { ok: true, value: word }
    const text = typeof raw === 'number' ? String(raw) : raw
    if (typeof text === 'string' && /^\s*[+-]?\d+\s*$/.test(text)) {
      return { ok: true, value: saturatingInteger(text) }
    }
    return {
      ok: false,
      message: `should be an integer, none, or any, however got ${quotedValue(raw)}`,
    }
  }, true)
}

/** A list parameter's values: an array, a comma-separated string, or one value. */
function listItems(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw as unknown[]
  return typeof raw === 'string' ? raw.split(',') : [raw]
}

/** ByApprovalsFinder looks at no more than five users. */
export const MAX_APPROVAL_FILTER_USERS = 5

/** EE's `array_none_any`: an integer array (`a[]=` or `a=1,2`), or None / Any. */
export function idsNoneAny(): Param<number[] | NoneAny> {
  return new Param<number[] | NoneAny>((raw) => {
    const word = noneAny(raw)
    if (word) return { ok: true, value: word }
    const items = listItems(raw)
    const ids: number[] = []
    for (const item of items) {
      const text = typeof item === 'number' ? String(item) : item
      if (typeof text !== 'string' || !/^\s*\d+\s*$/.test(text)) {
        return { ok: false, message: MESSAGES.invalid }
      }
      ids.push(saturatingInteger(text))
    }
    return { ok: true, value: ids.slice(0, MAX_APPROVAL_FILTER_USERS) }
  }, true)
}

/** EE's approved_by_usernames: a string array or None / Any. */
export function namesNoneAny(): Param<string[] | NoneAny> {
  return new Param<string[] | NoneAny>((raw) => {
    const word = noneAny(raw)
    if (word) return { ok: true, value: word }
    const items = listItems(raw)
    if (items.some((item) => typeof item !== 'string')) {
      return { ok: false, message: MESSAGES.invalid }
    }
    return { ok: true, value: (items as string[]).slice(0, MAX_APPROVAL_FILTER_USERS) }
  }, true)
}

/**
 * CheckAssigneesCount: assignee_username is an array (or comma list) of at
 * most one name in the Community Edition.
 */
export function singleAssigneeUsername(): Param<string[]> {
  return new Param<string[]>((raw) => {
    const items = Array.isArray(raw) ? (raw as unknown[]) : typeof raw === 'string' ? [raw] : []
    const names = items.map((item) => String(item))
    if (names.length > 1) {
      return {
        ok: false,
        message: `allows one value, but found ${names.length}: ${names.join(', ')}`,
      }
    }
    return { ok: true, value: names }
  }, true)
}

/** Grape's DateTime: anything Ruby's DateTime.parse reads; garbage is `<name> is invalid`. */
export function dateTime(): Param<Date> {
  return new Param<Date>((raw) => {
    if (typeof raw !== 'string' || raw.trim() === '')
      return { ok: false, message: MESSAGES.invalid }
    const value = new Date(raw.trim())
    return Number.isNaN(value.getTime())
      ? { ok: false, message: MESSAGES.invalid }
      : { ok: true, value }
  }, true)
}

/** A parameter read as it came (a `not[...]` hash is validated on its own, see merge-request-not.ts). */
export function passthrough(): Param<unknown> {
  return new Param<unknown>((raw) => ({ ok: true, value: raw }), true)
}
