import { tokenFixture, userFixture } from '../testing/fixtures.js'
import { TokenCache } from './token-cache.js'

describe('TokenCache', () => {
  const answer = { user: userFixture(), token: tokenFixture({ id: 9 }) }

  it('keeps an answer for its TTL only', () => {
    let now = 1_000
    const cache = new TokenCache({ ttlMs: 5_000, now: () => now })
    cache.set('secret', answer)
    expect(cache.get('secret')).toBe(answer)
    now += 5_000
    expect(cache.get('secret')).toBeUndefined()
  })

  it('evicts by token id and drops the oldest entry when full', () => {
    const cache = new TokenCache({ maxEntries: 2 })
    cache.set('a', answer)
    cache.evictTokenId(9)
    expect(cache.get('a')).toBeUndefined()
    cache.set('a', answer)
    cache.set('b', answer)
    cache.set('c', answer)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('c')).toBe(answer)
  })
})
