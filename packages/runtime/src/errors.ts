/**
 * The kinds of error a service can answer with. Services throw these from
 * their domain code; the gRPC server turns them into a status plus an
 * ErrorDetail, and the gateway turns that into GitLab's HTTP body:
 *
 *   NotFoundError('Group')            404 {"message":"404 Group Not Found"}
 *   RecordNotFoundError()             404 {"message":"404 Not found"} (GitLab's find_by! miss)
 *   ServiceNotFoundError()            404 {"message":"Not Found"} (a service object's error('Not Found', 404))
 *   InvalidError({path: ['...']})      400 {"message":{"path":["..."]}}
 *   InvalidError({}, 'text')           400 {"message":"text"}       (text verbatim)
 *   ForbiddenError()                   403 {"message":"403 Forbidden"}
 *   ForbiddenError('why')              403 {"message":"403 Forbidden - why"}
 *   ConflictError('Member already exists')  409 {"message":"Member already exists"} (verbatim)
 *   ConflictError('x', {email: [...]}) 409 {"message":{"email":[...]}}
 *   PreconditionError('text', reason)  405/406/422 by reason, {"message":"text"} (verbatim)
 *   UnauthenticatedError()             401 {"message":"401 Unauthorized"}
 *   RateLimitedError(state)            429 with GitLab's RateLimit-* and Retry-After headers
 */
export type FieldErrors = Record<string, string[]>

export abstract class DomainError extends Error {
  abstract readonly kind:
    | 'not_found'
    | 'invalid'
    | 'forbidden'
    | 'conflict'
    | 'precondition'
    | 'unauthenticated'
    | 'rate_limited'
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message)
  }
}

/** 404 {"message":"404 <resource> Not Found"} */
export class NotFoundError extends DomainError {
  readonly kind = 'not_found'
  constructor(
    readonly resource: string,
    reason = 'not_found',
  ) {
    super(`${resource} Not Found`, reason)
  }
}

/**
 * 404 {"message":"404 Not found"}: what GitLab answers where a lookup raises
 * ActiveRecord::RecordNotFound (e.g. a member that is not there).
 */
export class RecordNotFoundError extends NotFoundError {
  constructor() {
    super('', 'record_not_found')
  }
}

/**
 * 404 {"message":"Not Found"}: what GitLab renders when a service object
 * refuses with error('Not Found', 404) (render_api_error! verbatim), e.g.
 * Groups::GroupLinks::CreateService without admin_group_member.
 */
export class ServiceNotFoundError extends NotFoundError {
  constructor() {
    super('', 'service_not_found')
  }
}

/** 400 {"message":{"field":["..."]}}, or {"message":"..."} when there are no field errors. */
export class InvalidError extends DomainError {
  readonly kind = 'invalid'
  constructor(
    readonly fieldErrors: FieldErrors,
    message = 'Bad Request',
    reason = 'invalid',
  ) {
    super(message, reason)
  }
}

/** 403 {"message":"403 Forbidden"} (or the given text after the status). */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden'
  constructor(message = 'Forbidden', reason = 'forbidden') {
    super(message, reason)
  }
}

/** 409 {"message":"..."}; field errors give {"message":{"field":[...]}}. */
export class ConflictError extends DomainError {
  readonly kind = 'conflict'
  constructor(
    message: string,
    readonly fieldErrors: FieldErrors = {},
    reason = 'conflict',
  ) {
    super(message, reason)
  }
}

/** A state that does not allow the operation; the gateway picks 405/406/422 by reason. */
export class PreconditionError extends DomainError {
  readonly kind = 'precondition'
}

export class UnauthenticatedError extends DomainError {
  readonly kind = 'unauthenticated'
  constructor() {
    super('Unauthorized', 'unauthenticated')
  }
}

/** A fixed-window limit's count when it refused a request. */
export interface RateLimitState {
  name: string
  limit: number
  observed: number
  resetAt: Date
}

/** 429: a rate limit was reached (GitLab's ApplicationRateLimiter). */
export class RateLimitedError extends DomainError {
  readonly kind = 'rate_limited'
  constructor(readonly state: RateLimitState) {
    super('This endpoint has been requested too many times. Try again later.', 'rate_limited')
  }
}
