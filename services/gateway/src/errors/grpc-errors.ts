import { status, type ServiceError } from '@grpc/grpc-js'
import type { ErrorDetail, RateLimit } from '@suite/proto'
import { isServiceError, readErrorDetail } from '@suite/runtime'
import {
  HttpError,
  forbidden,
  internalServerError,
  notFound,
  serviceUnavailable,
  unauthorized,
} from './http-error.js'
import { throttledHeaders } from './rate-limit-headers.js'

/**
 * FAILED_PRECONDITION carries the HTTP status in its reason; a reason not
 * listed here is GitLab's usual 422.
 */
const PRECONDITION_STATUS_BY_REASON: Readonly<Record<string, number>> = {
  not_modified: 304,
  bad_request: 400,
  not_allowed: 405,
  method_not_allowed: 405,
  not_mergeable: 405,
  not_acceptable: 406,
  // render_api_error!(message, :forbidden): 403 with the text as it is.
  forbidden: 403,
  sha_mismatch: 409,
  unprocessable: 422,
  // MergeRequestsHelpers#handle_merge_request_errors!: the model's error keys.
  validate_branches: 409,
  branch_conflict: 422,
  validate_fork: 422,
  base: 422,
  project_access: 422,
}

/** Model error keys GitLab answers with their messages as a list: {"message":["..."]}. */
const LISTED_MESSAGE_REASONS: ReadonlySet<string> = new Set([
  'validate_branches',
  'branch_conflict',
  'validate_fork',
  'base',
  'project_access',
])

/** POST /projects over the creator's projects_limit: error!(errors[:limit_reached], 403), a list. */
const LIMIT_REACHED = 'limit_reached'

/** GitLab's body when the service gave no text (not_allowed!, conflict!, ...). */
const PRECONDITION_DEFAULT_MESSAGE: Readonly<Record<number, string>> = {
  400: '400 Bad Request',
  405: '405 Method Not Allowed',
  406: '406 Not Acceptable',
  409: '409 Conflict',
}

/**
 * Commits::ChangeService's failures (cherry-pick, revert): 400 with the
 * service's message, its error_code, and `dry_run: "error"` for a dry run.
 */
const CHANGE_ERROR_REASONS: Readonly<Record<string, { error_code: string; dry_run?: string }>> = {
  change_conflict: { error_code: 'conflict' },
  change_empty: { error_code: 'empty' },
  dry_run_conflict: { error_code: 'conflict', dry_run: 'error' },
  dry_run_empty: { error_code: 'empty', dry_run: 'error' },
}

/** A FAILED_PRECONDITION by its reason; a 304 (nothing changed) has no body. */
function precondition(detail: ErrorDetail): HttpError {
  const change = CHANGE_ERROR_REASONS[detail.reason]
  if (change) return new HttpError(400, { message: detail.message, ...change })
  const code = PRECONDITION_STATUS_BY_REASON[detail.reason] ?? 422
  if (code === 304) return new HttpError(304, undefined)
  const fallback = PRECONDITION_DEFAULT_MESSAGE[code] ?? '422 Unprocessable Entity'
  const message = detail.message || fallback
  return new HttpError(code, {
    message: LISTED_MESSAGE_REASONS.has(detail.reason) ? [message] : message,
  })
}

type Mapping = (detail: ErrorDetail) => HttpError

/** {"message":{"field":["..."]}} when there are field errors, else the given text. */
function messageOrFields(detail: ErrorDetail, text: unknown): unknown {
  if (detail.fieldErrors.length === 0) return text
  return Object.fromEntries(detail.fieldErrors.map((field) => [field.field, field.messages]))
}

const conflict: Mapping = (detail) => {
  const text = detail.message || '409 Conflict'
  const message = LISTED_MESSAGE_REASONS.has(detail.reason) ? [text] : text
  return new HttpError(409, { message: messageOrFields(detail, message) })
}

/** The ErrorDetail reason of a service's UnauthenticatedError (packages/runtime errors.ts). */
const UNAUTHENTICATED_REASON = 'unauthenticated'

/**
 * The one table from a gRPC status (and the ErrorDetail trailer's reason) to
 * GitLab's status code and body; see the contract at the top of
 * packages/runtime/src/errors.ts. A code not listed is a 500.
 */
const BY_CODE: Readonly<Partial<Record<status, Mapping>>> = {
  [status.NOT_FOUND]: (detail) =>
    detail.reason === 'record_not_found'
      ? new HttpError(404, { message: '404 Not found' })
      : detail.reason === 'service_not_found'
        ? new HttpError(404, { message: 'Not Found' })
        : notFound(detail.resource || undefined),
  [status.INVALID_ARGUMENT]: (detail) =>
    new HttpError(400, {
      message: messageOrFields(
        detail,
        !detail.message || detail.message === 'Bad Request' ? '400 Bad Request' : detail.message,
      ),
    }),
  [status.OUT_OF_RANGE]: (detail) =>
    new HttpError(400, { message: detail.message || '400 Bad Request' }),
  [status.PERMISSION_DENIED]: (detail) =>
    detail.reason === LIMIT_REACHED
      ? new HttpError(403, { message: [detail.message] })
      : forbidden(detail.message && detail.message !== 'Forbidden' ? detail.message : undefined),
  [status.ALREADY_EXISTS]: conflict,
  [status.ABORTED]: conflict,
  [status.FAILED_PRECONDITION]: precondition,
  // A service's own refusal of a caller carries the reason `unauthenticated`; an
  // UNAUTHENTICATED without it is the internal-credential check refusing the gateway
  // itself (INTERNAL_API_SECRET differs): a fault of the deployment, not a bad token.
  [status.UNAUTHENTICATED]: (detail) =>
    detail.reason === UNAUTHENTICATED_REASON ? unauthorized() : internalServerError(),
  [status.RESOURCE_EXHAUSTED]: (detail) =>
    detail.rateLimit
      ? rateLimited(detail.rateLimit)
      : new HttpError(429, { message: '429 Too Many Requests' }),
  [status.UNIMPLEMENTED]: () => new HttpError(501, { message: '501 Not Implemented' }),
  [status.UNAVAILABLE]: () => serviceUnavailable(),
  [status.DEADLINE_EXCEEDED]: () => serviceUnavailable(),
  // The gateway cancels its calls when the HTTP client goes away: not a bug, and nobody reads it.
  [status.CANCELLED]: () => serviceUnavailable(),
}

/** Whether a failed call is a service refusing the caller's credentials (a 401), not the gateway's. */
export function isCallerUnauthenticated(error: unknown): boolean {
  return (
    isServiceError(error) &&
    error.code === status.UNAUTHENTICATED &&
    readErrorDetail(error)?.reason === UNAUTHENTICATED_REASON
  )
}

const NO_DETAIL: ErrorDetail = {
  reason: '',
  resource: '',
  fieldErrors: [],
  message: '',
  rateLimit: undefined,
}

/**
 * A limit counted by a service: GitLab's check_rate_limit! body, with the
 * headers its throttles send.
 */
function rateLimited(limit: RateLimit): HttpError {
  const resetAt = limit.resetAt ?? new Date(Date.now() + limit.resetInSeconds * 1000)
  return new HttpError(
    429,
    { message: { error: 'This endpoint has been requested too many times. Try again later.' } },
    throttledHeaders({ ...limit, resetAt }),
  )
}

/**
 * GitLab's answer for a failed gRPC call. Only the ErrorDetail is read, never
 * the status text, so nothing a service did not mean to show reaches a client.
 */
export function httpErrorFromGrpc(error: ServiceError): HttpError {
  const mapping = BY_CODE[error.code]
  if (!mapping) return internalServerError()
  return mapping(readErrorDetail(error) ?? NO_DETAIL)
}
