/**
 * Error bodies exactly as GitLab renders them. Sources (gitlabhq/gitlabhq):
 * lib/api/helpers.rb (unauthorized!, forbidden!, not_found!), lib/api/api_guard.rb
 * (the Rack::OAuth2 body for insufficient-scope tokens)
 * and lib/api/api.rb (the catch-all route).
 */
export const UNAUTHORIZED = { message: '401 Unauthorized' }
export const FORBIDDEN = { message: '403 Forbidden' }
export const ROUTE_NOT_FOUND = { error: '404 Not Found' }

// GitLab answers a revoked or expired token with an OAuth-style invalid_token
// body; issue 2 settles every bad token on {"message":"401 Unauthorized"}, so
// clients see one shape (they all branch on the status, not on this body).
export const REVOKED_TOKEN = UNAUTHORIZED
export const EXPIRED_TOKEN = UNAUTHORIZED

/** Plus `scope`: the scopes the endpoint accepts, space separated. */
export const INSUFFICIENT_SCOPE = {
  error: 'insufficient_scope',
  error_description: 'The request requires higher privileges than provided by the access token.',
}

export function notFound(resource: string): { message: string } {
  return { message: `404 ${resource} Not Found` }
}

export function missing(param: string): { error: string } {
  return { error: `${param} is missing` }
}

export function invalid(param: string): { error: string } {
  return { error: `${param} is invalid` }
}
