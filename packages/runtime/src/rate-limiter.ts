import type { Redis } from 'ioredis'
import { RateLimitedError, type RateLimitState } from './errors.js'
import { queuePrefix } from './queues.js'

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
   * Counts one request for `scope` and throws RateLimitedError when it goes
   * over the threshold. Counting needs Redis; when Redis does not answer, the
   * request is let through (a limit must not take the feature down).
   */
  hit(rule: RateLimitRule, scope: readonly (string | number)[]): Promise<void>
}

/**
 * Fixed windows counted in Redis, as GitLab's ApplicationRateLimiter counts
 * them, so that every replica shares the count: one key per rule, scope and
 * window, incremented and expiring with the window.
 */
export function createRateLimiter(
  redis: () => Redis,
  onError?: (err: unknown) => void,
): RateLimiter {
  return {
    hit: async (rule, scope) => {
      if (rule.threshold <= 0) return
      const now = Date.now()
      const periodMs = rule.periodSeconds * 1000
      const windowStart = Math.floor(now / periodMs) * periodMs
      const key = `${queuePrefix()}:rate-limit:${rule.name}:${scope.join(':')}:${windowStart}`
      let observed: number
      try {
        const [[incrError, count] = [null, 0]] =
          (await redis().multi().incr(key).pexpire(key, periodMs).exec()) ?? []
        if (incrError) throw incrError
        observed = Number(count)
      } catch (err) {
        onError?.(err)
        return
      }
      if (observed <= rule.threshold) return
      const state: RateLimitState = {
        name: rule.name,
        limit: rule.threshold,
        observed,
        resetAt: new Date(windowStart + periodMs),
      }
      throw new RateLimitedError(state)
    },
  }
}
