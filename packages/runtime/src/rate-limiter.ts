import type { Redis } from 'ioredis'
import { RateLimitedError, type RateLimitState } from './errors.js'
import { queuePrefix } from './queues.js'
import { withTimeout } from './relay-loop.js'

/** One limit: how many requests per period, for one scope. */
export interface RateLimitRule {
  /** GitLab's name, e.g. "pipelines_create"; part of the key and of the headers. */
  name: string
  /** Requests allowed per period; 0 turns the limit off. */
  threshold: number
  periodSeconds: number
}

export interface RateLimiter {
  /**
   * Counts one request for `scope` and answers the window as counted (the
   * request included), or undefined when nothing was counted: the limit is
   * off, or Redis did not answer in time (a limit must not take the feature
   * down, so the caller lets the request through).
   */
  count(
    rule: RateLimitRule,
    scope: readonly (string | number)[],
  ): Promise<RateLimitState | undefined>
  /** Counts one request and throws RateLimitedError when it goes over the threshold. */
  hit(rule: RateLimitRule, scope: readonly (string | number)[]): Promise<void>
}

/** How long a request waits for Redis to count it before it is let through uncounted. */
const DEFAULT_TIMEOUT_MS = 250

/** After Redis failed, how long requests go uncounted without waiting for it again. */
const BACKOFF_MS = 1_000

/** ioredis states in which a command would wait for a reconnection that may never come. */
const DISCONNECTED = new Set(['reconnecting', 'close', 'end'])

/** Rejects when `promise` has not settled within `ms`; a paused Redis never answers. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return withTimeout(promise, ms, `redis did not answer within ${ms} ms`)
}

/**
 * Fixed windows counted in Redis, as GitLab's ApplicationRateLimiter and
 * Rack::Attack count them, so that every replica shares the count: one key per
 * rule, scope and window (aligned to the epoch), incremented and expiring with
 * the window.
 */
export function createRateLimiter(
  redis: () => Redis,
  onError?: (err: unknown) => void,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): RateLimiter {
  let backoffUntil = 0
  const count: RateLimiter['count'] = async (rule, scope) => {
    if (rule.threshold <= 0) return undefined
    const now = Date.now()
    if (now < backoffUntil) {
      onError?.(new Error('redis failed moments ago; not counted'))
      return undefined
    }
    const periodMs = rule.periodSeconds * 1000
    const windowStart = Math.floor(now / periodMs) * periodMs
    const key = `${queuePrefix()}:rate-limit:${rule.name}:${scope.join(':')}:${windowStart}`
    try {
      const client = redis()
      if (DISCONNECTED.has(client.status)) throw new Error(`redis connection ${client.status}`)
      const counted = within(client.multi().incr(key).pexpire(key, periodMs).exec(), timeoutMs)
      const [[incrError, observed] = [null, 0]] = (await counted) ?? []
      if (incrError) throw incrError
      return {
        name: rule.name,
        limit: rule.threshold,
        observed: Number(observed),
        resetAt: new Date(windowStart + periodMs),
      }
    } catch (err) {
      backoffUntil = Date.now() + BACKOFF_MS
      onError?.(err)
      return undefined
    }
  }
  return {
    count,
    hit: async (rule, scope) => {
      const state = await count(rule, scope)
      if (state && state.observed > state.limit) throw new RateLimitedError(state)
    },
  }
}
