import type { Request, RequestHandler } from 'express'
import {
  Counter,
  createRateLimiter,
  type Logger,
  type RateLimitRule,
  type RateLimitState,
  type Registry,
} from '@suite/runtime'
import { authenticate, type AuthenticationDeps } from '../auth/authenticate.js'
import { extractToken } from '../auth/token.js'
import { HttpError } from '../errors/http-error.js'
import {
  rateLimitHeaders,
  throttledHeaders,
  type CountedWindow,
} from '../errors/rate-limit-headers.js'

/** One of GitLab's user and IP rate limits (application settings throttle_*). */
export interface ThrottleSettings {
  enabled: boolean
  requestsPerPeriod: number
  periodSeconds: number
}

export interface ApiThrottleSettings {
  authenticatedApi: ThrottleSettings
  unauthenticatedApi: ThrottleSettings
}

/** Who sends a request as Rack::Attack tells it: a user, nobody, or not known (identity failed). */
export type Requester = { userId: number } | 'anonymous' | 'unknown'

/** The throttle a request counts against, and under which key. */
export interface ThrottleChoice {
  rule: RateLimitRule
  scope: string[]
}

/** Rack::Attack's plain-text answer (Gitlab::Throttle::DEFAULT_RATE_LIMITING_RESPONSE_TEXT). */
const THROTTLED_BODY = Buffer.from('Retry later\n')

/** How often, at most, the gateway says that it lets requests through uncounted. */
const UNCOUNTED_WARNING_INTERVAL_MS = 60_000

function rule(name: string, settings: ThrottleSettings): RateLimitRule {
  return { name, threshold: settings.requestsPerPeriod, periodSeconds: settings.periodSeconds }
}

/**
 * Gitlab::RackAttack::Request#throttle_authenticated_api? and
 * #throttle_unauthenticated_api?: any path under /api, keyed by the token's
 * user when one is known, else by the client's address.
 */
export function chooseThrottle(
  path: string,
  requester: Requester,
  ip: string,
  settings: ApiThrottleSettings,
): ThrottleChoice | undefined {
  if (!path.startsWith('/api') || requester === 'unknown') return undefined
  if (requester === 'anonymous') {
    if (!settings.unauthenticatedApi.enabled) return undefined
    return { rule: rule('throttle_unauthenticated_api', settings.unauthenticatedApi), scope: [ip] }
  }
  if (!settings.authenticatedApi.enabled) return undefined
  return {
    rule: rule('throttle_authenticated_api', settings.authenticatedApi),
    scope: [`user:${requester.userId}`],
  }
}

/**
 * The user of the request's token (header or query string; the body is not
 * read yet), through the token cache the route then finds warm. Sudo is left
 * out: Rack::Attack keys by the token's owner. A refused token is anonymous.
 */
async function identify(req: Request, deps: AuthenticationDeps): Promise<Requester> {
  const token = extractToken(req, req.query)
  if (!token) return 'anonymous'
  try {
    const { user } = await authenticate(token, undefined, deps)
    return user ? { userId: user.id } : 'anonymous'
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return 'anonymous'
    // Identity is down: the route answers 503 itself, counted or not.
    return 'unknown'
  }
}

function countedWindow(state: RateLimitState, periodSeconds: number): CountedWindow {
  return {
    ...state,
    periodSeconds,
    resetInSeconds: Math.max(0, Math.ceil((state.resetAt.getTime() - Date.now()) / 1000)),
  }
}

/** A warning at most once a minute with the count since the last one, and a counter. */
function uncountedReporter(logger: Logger, registry: Registry): (err: unknown) => void {
  const uncounted = new Counter({
    name: 'api_throttle_uncounted_total',
    help: 'API requests let through uncounted because Redis did not answer',
    registers: [registry],
  })
  let lastWarning = 0
  let since = 0
  return (err) => {
    uncounted.inc()
    since += 1
    const now = Date.now()
    if (now - lastWarning < UNCOUNTED_WARNING_INTERVAL_MS) return
    logger.warn({ err, uncounted: since }, 'API rate limits not counted; requests let through')
    lastWarning = now
    since = 0
  }
}

export interface ApiThrottleDeps extends AuthenticationDeps {
  settings: ApiThrottleSettings
  /** Where the windows are counted, shared by every replica. */
  redis: Parameters<typeof createRateLimiter>[0]
  logger: Logger
  registry: Registry
}

/**
 * GitLab's authenticated and unauthenticated API throttles: every request
 * under /api is counted and answered with its RateLimit-* headers; one over
 * the limit gets Rack::Attack's 429 "Retry later" with Retry-After. When
 * Redis does not answer, requests go through uncounted.
 */
export function apiThrottles(deps: ApiThrottleDeps): RequestHandler {
  const limiter = createRateLimiter(deps.redis, uncountedReporter(deps.logger, deps.registry))
  const throttled = new Counter({
    name: 'api_throttled_requests_total',
    help: 'API requests refused with 429 by a user or IP rate limit',
    labelNames: ['throttle'],
    registers: [deps.registry],
  })
  return async (req, res, next) => {
    if (!req.path.startsWith('/api')) {
      next()
      return
    }
    const requester = await identify(req, deps)
    const choice = chooseThrottle(req.path, requester, req.ip ?? 'unknown', deps.settings)
    const state = choice && (await limiter.count(choice.rule, choice.scope))
    if (!choice || !state) {
      next()
      return
    }
    const window = countedWindow(state, choice.rule.periodSeconds)
    if (state.observed <= state.limit) {
      res.set(rateLimitHeaders(window))
      next()
      return
    }
    throttled.inc({ throttle: state.name })
    res.status(429).set(throttledHeaders(window))
    res.setHeader('Content-Type', 'text/plain')
    res.send(THROTTLED_BODY)
  }
}
