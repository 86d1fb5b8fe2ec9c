/**
 * An answer that is not a success, with GitLab's body. Thrown anywhere in a
 * request; the error handler sends it as it is.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`HTTP ${status}`)
  }
}

/** {"message":"401 Unauthorized"} (lib/api/helpers.rb unauthorized!). */
export function unauthorized(): HttpError {
  return new HttpError(401, { message: '401 Unauthorized' })
}

/** {"message":"403 Forbidden"} or {"message":"403 Forbidden - <reason>"} (forbidden!). */
export function forbidden(reason?: string): HttpError {
  return new HttpError(403, { message: reason ? `403 Forbidden - ${reason}` : '403 Forbidden' })
}

/** {"message":"404 <Resource> Not Found"} or {"message":"404 Not Found"} (not_found!). */
export function notFound(resource?: string): HttpError {
  return new HttpError(404, { message: resource ? `404 ${resource} Not Found` : '404 Not Found' })
}

/** A Grape parameter error: 400 {"error":"title is missing, ..."}. */
export function badParameters(messages: readonly string[]): HttpError {
  return new HttpError(400, { error: messages.join(', ') })
}

/**
 * Parameters nested deeper than GitLab takes (its JSON validation middleware,
 * Gitlab::Json::StreamValidator's user-facing message): 400.
 */
export function tooDeeplyNested(): HttpError {
  return new HttpError(400, { error: 'Parameters nested too deeply' })
}

/** No route matched: 404 {"error":"404 Not Found"} (lib/api/api.rb catch-all). */
export function routeNotFound(): HttpError {
  return new HttpError(404, { error: '404 Not Found' })
}

/** The path exists with other methods: Grape's 405 {"error":"405 Not Allowed"}. */
export function methodNotAllowed(allowed: readonly string[]): HttpError {
  return new HttpError(405, { error: '405 Not Allowed' }, { Allow: allowed.join(', ') })
}

/**
 * A token without a scope the endpoint accepts: rack-oauth2's Bearer::Forbidden
 * as GitLab's APIGuard renders it. `scopes` are every scope the endpoint
 * registers, joined by a space.
 */
export function insufficientScope(scopes: readonly string[]): HttpError {
  return new HttpError(403, {
    error: 'insufficient_scope',
    error_description: 'The request requires higher privileges than provided by the access token.',
    scope: scopes.join(' '),
  })
}

export function internalServerError(): HttpError {
  return new HttpError(500, { message: '500 Internal Server Error' })
}

export function serviceUnavailable(): HttpError {
  return new HttpError(503, { message: '503 Service Unavailable' })
}
