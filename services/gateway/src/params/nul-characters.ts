import type { RequestHandler } from 'express'
import { badParameters } from '../errors/http-error.js'
import { hasNul } from './coercions.js'
import { MESSAGES } from './param.js'

/** Whether a value (a string, or a list or hash of them, keys included) holds a NUL character. */
function holdsNul(value: unknown): boolean {
  // A work list rather than recursion: parsers cap nesting at 32, but a list may be wide.
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const item = pending.pop()
    if (typeof item === 'string') {
      if (hasNul(item)) return true
    } else if (Array.isArray(item)) {
      // One by one: spreading a list of a million items would overflow the stack.
      for (const inner of item as unknown[]) pending.push(inner)
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, inner] of Object.entries(item)) {
        if (hasNul(key)) return true
        pending.push(inner)
      }
    }
  }
  return false
}

/**
 * The first top-level parameter whose name or value (however deep) holds a
 * NUL character. GitLab's HandleNullBytes middleware refuses any such request
 * with a 400 before it reaches a model, since PostgreSQL cannot store U+0000
 * in text; here the answer names the parameter, as Grape's messages do.
 */
export function nulParameter(params: Readonly<Record<string, unknown>>): string | undefined {
  for (const [name, value] of Object.entries(params)) {
    if (hasNul(name) || holdsNul(value)) return name
  }
  return undefined
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

/** Throws Grape's 400 `{"error":"<name> is invalid"}` for a parameter holding NUL. */
export function refuseNulParameters(params: Readonly<Record<string, unknown>>): void {
  const name = nulParameter(params)
  if (name === undefined) return
  // The name as the message quotes it: without the NUL, and short enough to read.
  const shown = name.replaceAll('\u0000', '').slice(0, 255)
  throw badParameters([`${shown} ${MESSAGES.invalid}`])
}

/**
 * Refuses a request whose query string or parsed body carries a NUL
 * character, once for every route under the API (multipart bodies, parsed
 * later on the routes that take them, are checked where they are parsed).
 */
export function rejectNulParameters(): RequestHandler {
  return (req, _res, next) => {
    // Apart: a body's parameter of the same name would hide the query's.
    refuseNulParameters(asRecord(req.query))
    refuseNulParameters(asRecord(req.body))
    next()
  }
}
