import type { Request } from 'express'

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

/**
 * Every parameter of a request in one object, as Grape sees them: query
 * string, then the body (JSON or form), then the path parameters.
 */
export function rawParams(req: Request): Record<string, unknown> {
  return { ...asRecord(req.query), ...asRecord(req.body), ...req.params }
}
