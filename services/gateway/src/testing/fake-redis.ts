import type { createRateLimiter } from '@suite/runtime'

type RedisGetter = Parameters<typeof createRateLimiter>[0]

/**
 * The few Redis commands the rate limiter sends (MULTI INCR PEXPIRE EXEC),
 * counted in memory; `fail` makes every command fail as a lost connection does.
 */
export function fakeRedis(): { redis: RedisGetter; counts: Map<string, number>; fail: boolean } {
  const state = { counts: new Map<string, number>(), fail: false }
  const client = {
    status: 'ready',
    multi: () => {
      if (state.fail) throw new Error('Connection is closed.')
      let key = ''
      const chain = {
        incr: (name: string) => {
          key = name
          return chain
        },
        pexpire: () => chain,
        exec: () => {
          const count = (state.counts.get(key) ?? 0) + 1
          state.counts.set(key, count)
          return Promise.resolve([
            [null, count],
            [null, 1],
          ])
        },
      }
      return chain
    },
  }
  return Object.assign(state, { redis: (() => client) as unknown as RedisGetter })
}
