import { isServiceError } from '@suite/runtime'
import { httpErrorFromGrpc } from '../errors/grpc-errors.js'
import { HttpError } from '../errors/http-error.js'

/** The text of GitLab's CheckRateLimit concern for a throttled controller action. */
const THROTTLED = 'This endpoint has been requested too many times. Try again later.'

/** What a refused notification is answered with. */
export interface NotifyRefusal {
  status: number
  headers: Readonly<Record<string, string>>
  /** JSON to send; undefined for GitLab's `head <status>` (no body). */
  json?: unknown
  /** text/plain to send instead. */
  text?: string
}

/** `head :bad_request`: a body too large, too deep, not JSON or not an object. */
export const BAD_REQUEST: NotifyRefusal = { status: 400, headers: {} }

/**
 * GitLab's answers to a refused notification: the notifications controller
 * `head`s the service's status (400, 401, 403, 404, 422) with no body; a
 * throttled project gets the rate limiter's text and headers; a transient
 * fault the usual 503 JSON, so that the sender retries. Undefined for what
 * is not a service error (a bug: the error handler logs it, 500).
 */
export function notifyRefusal(error: unknown): NotifyRefusal | undefined {
  if (!isServiceError(error)) return undefined
  const answer: HttpError = httpErrorFromGrpc(error)
  if (answer.status === 429) return { status: 429, headers: answer.headers, text: THROTTLED }
  if (answer.status >= 500)
    return { status: answer.status, headers: answer.headers, json: answer.body }
  return { status: answer.status, headers: answer.headers }
}
