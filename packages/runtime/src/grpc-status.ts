import { Metadata, status, type ServiceError } from '@grpc/grpc-js'
import { ErrorDetail, type RateLimit } from '@suite/proto'
import {
  ConflictError,
  DomainError,
  InvalidError,
  NotFoundError,
  RateLimitedError,
  type RateLimitState,
} from './errors.js'
import { isCancelledStatement, isTransientDatabaseError } from './database-faults.js'

/** Trailer key carrying a binary gitlab.common.v1.ErrorDetail. */
export const ERROR_DETAIL_KEY = 'error-detail-bin'

/**
 * Trailer of a failure that a service passes on from a call of its own (its
 * dependency is UNAVAILABLE, not the service): callers' breakers do not count
 * it against the service that answered (upstream-breaker.ts).
 */
export const PASSED_ON_KEY = 'suite-passed-on'

const CODE_BY_KIND: Record<DomainError['kind'], status> = {
  not_found: status.NOT_FOUND,
  invalid: status.INVALID_ARGUMENT,
  forbidden: status.PERMISSION_DENIED,
  conflict: status.ALREADY_EXISTS,
  precondition: status.FAILED_PRECONDITION,
  unauthenticated: status.UNAUTHENTICATED,
  rate_limited: status.RESOURCE_EXHAUSTED,
}

export interface GrpcFailure {
  code: status
  details: string
  metadata: Metadata
}

/**
 * Status text and ErrorDetail travel as HTTP/2 headers, which grpc-js caps
 * at 8 KB: a longer answer is never sent and the caller waits for its
 * deadline. Messages that quote the input (a 1 MiB name) are cut to this.
 */
const MAX_TEXT = 500
const MAX_FIELDS = 50

function clip(text: string): string {
  return text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT)}…`
}

/** Statuses that mean a bug rather than an answer; they never pass through as they are. */
const UNEXPECTED = new Set<status>([status.INTERNAL, status.UNKNOWN])

/**
 * Turns a thrown error into what a grpc-js callback sends: status, text,
 * trailer. A failed call to another service passes through with its status
 * and ErrorDetail (a 4xx there is the caller's mistake here too, and
 * UNAVAILABLE stays a 503). A database that is down or overloaded is
 * UNAVAILABLE too, so callers (Alertmanager, webhooks) retry instead of
 * dropping the request as they would on a 500, and so is a statement cut off
 * by statement_timeout; only the rest becomes INTERNAL.
 */
export function toGrpcFailure(error: unknown): GrpcFailure {
  const metadata = new Metadata()
  if (isServiceError(error) && !UNEXPECTED.has(error.code)) {
    const detail = error.metadata?.get(ERROR_DETAIL_KEY)[0]
    if (detail !== undefined) metadata.set(ERROR_DETAIL_KEY, detail)
    metadata.set(PASSED_ON_KEY, '1')
    return { code: error.code, details: error.details, metadata }
  }
  if (isTransientDatabaseError(error) || isCancelledStatement(error)) {
    return { code: status.UNAVAILABLE, details: 'Service Unavailable', metadata }
  }
  if (!(error instanceof DomainError)) {
    return { code: status.INTERNAL, details: 'Internal Server Error', metadata }
  }
  const fieldErrors =
    error instanceof InvalidError || error instanceof ConflictError ? error.fieldErrors : {}
  const detail = ErrorDetail.create({
    reason: clip(error.reason),
    resource: error instanceof NotFoundError ? clip(error.resource) : '',
    message: clip(error.message),
    fieldErrors: Object.entries(fieldErrors)
      .slice(0, MAX_FIELDS)
      .map(([field, messages]) => ({
        field: clip(field),
        messages: messages.slice(0, 5).map(clip),
      })),
    rateLimit: error instanceof RateLimitedError ? rateLimitMessage(error.state) : undefined,
  })
  metadata.set(ERROR_DETAIL_KEY, Buffer.from(ErrorDetail.encode(detail).finish()))
  return { code: CODE_BY_KIND[error.kind], details: clip(error.message), metadata }
}

function rateLimitMessage(state: RateLimitState): RateLimit {
  return {
    name: clip(state.name),
    limit: state.limit,
    observed: state.observed,
    resetInSeconds: Math.max(0, Math.ceil((state.resetAt.getTime() - Date.now()) / 1000)),
    resetAt: state.resetAt,
  }
}

/** Reads the ErrorDetail back out of a failed call, if the server sent one. */
export function readErrorDetail(error: ServiceError): ErrorDetail | undefined {
  const raw = error.metadata?.get(ERROR_DETAIL_KEY)[0]
  if (!raw || typeof raw === 'string') return undefined
  try {
    return ErrorDetail.decode(raw)
  } catch {
    return undefined
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof Error && typeof (error as Partial<ServiceError>).code === 'number'
}

/** Whether a failed call to another service answered NOT_FOUND. */
export function isNotFound(error: unknown): boolean {
  return isServiceError(error) && error.code === status.NOT_FOUND
}
