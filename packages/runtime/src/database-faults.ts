/** PostgreSQL error classes that say "not now" rather than "never": connection, resources, shutdown, serialization. */
const TRANSIENT_SQLSTATE = /^(08|53|57P0|40001|40P01)/
/** Node socket errors of a database that is down or unreachable. */
const TRANSIENT_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
])
/** What node-postgres and its pool throw, without a code, when the connection goes away. */
const TRANSIENT_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i

function codeOf(error: Error): string | undefined {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : undefined
}

/**
 * Whether a database failure is transient, so the caller should try again
 * (gRPC UNAVAILABLE, HTTP 503) rather than treat it as a bug (INTERNAL, 500).
 */
export function isTransientDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = codeOf(error)
  if (code !== undefined && (TRANSIENT_SQLSTATE.test(code) || TRANSIENT_ERRNO.has(code)))
    return true
  return TRANSIENT_MESSAGE.test(error.message)
}

/**
 * Whether PostgreSQL cancelled the statement (SQLSTATE query_canceled): it ran
 * past statement_timeout, or the request that ran it was cancelled. Answered
 * UNAVAILABLE (HTTP 503): the request cost more than it may, not a bug.
 */
export function isCancelledStatement(error: unknown): boolean {
  return error instanceof Error && codeOf(error) === '57014'
}
