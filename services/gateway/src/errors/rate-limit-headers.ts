/** A fixed window of a rate limit as it was counted for one request. */
export interface CountedWindow {
  /** GitLab's name of the limit: "throttle_authenticated_api", "pipelines_create". */
  name: string
  /** Requests allowed in the window. */
  limit: number
  /** Requests counted in the window, this one included. */
  observed: number
  /** When the window ends. */
  resetAt: Date
  /** Seconds until then, as the counter saw it (free of clock skew between hosts). */
  resetInSeconds: number
  /**
   * The window's length. With it RateLimit-Limit is the quota per 60 seconds,
   * rounded up, as Rack::Attack throttles send it; without it, the limit itself.
   */
  periodSeconds?: number
}

/**
 * GitLab's RateLimit-* headers for a counted request (RequestThrottleData
 * #common_response_headers): Reset in Unix seconds, Remaining never below 0.
 */
export function rateLimitHeaders(window: CountedWindow): Record<string, string> {
  const limit = window.periodSeconds
    ? Math.ceil((window.limit * 60) / window.periodSeconds)
    : window.limit
  return {
    'RateLimit-Name': window.name,
    'RateLimit-Limit': String(limit),
    'RateLimit-Observed': String(window.observed),
    'RateLimit-Remaining': String(Math.max(0, window.limit - window.observed)),
    'RateLimit-Reset': String(Math.floor(window.resetAt.getTime() / 1000)),
  }
}

/**
 * The headers of a refused request (#throttled_response_headers): the above,
 * Retry-After in seconds and RateLimit-ResetTime as an HTTP date.
 */
export function throttledHeaders(window: CountedWindow): Record<string, string> {
  return {
    ...rateLimitHeaders(window),
    'Retry-After': String(window.resetInSeconds),
    'RateLimit-ResetTime': window.resetAt.toUTCString(),
  }
}
