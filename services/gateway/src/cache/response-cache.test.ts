import { createRegistry } from '@suite/runtime'
import { matchesEtag, ResponseCache, strongEtag, type CachedResponse } from './response-cache.js'

function entry(text: string, tags: string[]): CachedResponse {
  const body = Buffer.from(text)
  return { body, etag: strongEtag(body), headers: {}, tags, route: '/test' }
}

function listening(options: Partial<ConstructorParameters<typeof ResponseCache>[0]> = {}) {
  const cache = new ResponseCache({ maxBytes: 1_000_000, stickyMs: 2_000, ...options })
  cache.setListening(true)
  return cache
}

describe('ResponseCache', () => {
  it('answers from memory until a change event names a tag of the answer', () => {
    const cache = listening()
    cache.store('v1:/projects/1', entry('{"a":1}', ['p:1', 'u:7']), cache.begin())
    cache.store('v1:/projects/2', entry('{"a":2}', ['p:2', 'u:7']), cache.begin())
    expect(cache.lookup('v1:/projects/1', 1)?.body.toString()).toBe('{"a":1}')
    cache.invalidate(['p:1'])
    expect(cache.lookup('v1:/projects/1', 1)).toBeUndefined()
    expect(cache.lookup('v1:/projects/2', 1)).toBeDefined()
    cache.invalidate(['u:7'])
    expect(cache.lookup('v1:/projects/2', 1)).toBeUndefined()
  })

  it('empties on a flush event', () => {
    const cache = listening()
    cache.store('k', entry('{}', ['p:1']), cache.begin())
    cache.invalidate(['*'])
    expect(cache.lookup('k', undefined)).toBeUndefined()
  })

  it('drops a fill that an invalidation overtook', () => {
    const cache = listening()
    const started = cache.begin()
    cache.invalidate(['p:9'])
    expect(cache.store('k', entry('{"stale":true}', ['p:1']), started)).toBe(false)
    expect(cache.lookup('k', undefined)).toBeUndefined()
  })

  it('holds nothing while it cannot hear change events, and starts empty when it can again', () => {
    const cache = listening()
    cache.store('k', entry('{}', ['p:1']), cache.begin())
    cache.setListening(false)
    expect(cache.lookup('k', undefined)).toBeUndefined()
    expect(cache.store('k', entry('{}', ['p:1']), cache.begin())).toBe(false)
    cache.setListening(true)
    expect(cache.lookup('k', undefined)).toBeUndefined()
  })

  it("bypasses a writer's reads for the sticky window only", () => {
    let now = 10_000
    const cache = listening({ stickyMs: 2_000, now: () => now })
    cache.store('k', entry('{}', ['p:1']), cache.begin())
    cache.markWriter(5)
    expect(cache.lookup('k', 5)).toBeUndefined()
    expect(cache.lookup('k', 6)).toBeDefined()
    now += 2_000
    expect(cache.lookup('k', 5)).toBeDefined()
  })

  it('evicts the least recently used answers beyond its byte bound and forgets their tags', () => {
    const registry = createRegistry('test')
    const cache = listening({ maxBytes: 1_200, registry })
    cache.store('a', entry('x'.repeat(300), ['p:1']), cache.begin())
    cache.store('b', entry('x'.repeat(300), ['p:1']), cache.begin())
    cache.lookup('a', undefined)
    cache.store('c', entry('x'.repeat(300), ['p:2']), cache.begin())
    expect(cache.lookup('b', undefined)).toBeUndefined()
    expect(cache.lookup('a', undefined)).toBeDefined()
    expect(cache.store('huge', entry('x'.repeat(2_000), ['p:3']), cache.begin())).toBe(false)
  })

  it('empties at midnight UTC, when memberships and tokens may have expired', () => {
    let now = Date.UTC(2026, 10, 26, 23, 59, 59)
    const cache = listening({ now: () => now })
    cache.store('k', entry('{}', ['p:1']), cache.begin())
    expect(cache.lookup('k', undefined)).toBeDefined()
    now = Date.UTC(2026, 10, 27, 0, 0, 1)
    expect(cache.lookup('k', undefined)).toBeUndefined()
  })

  it('is off with no byte budget', () => {
    const cache = listening({ maxBytes: 0 })
    expect(cache.store('k', entry('{}', []), cache.begin())).toBe(false)
  })
})

describe('matchesEtag', () => {
  it('compares weakly against a list, and * matches', () => {
    expect(matchesEtag('"a", W/"b"', '"b"')).toBe(true)
    expect(matchesEtag('"a"', '"b"')).toBe(false)
    expect(matchesEtag('*', '"b"')).toBe(true)
    expect(matchesEtag(undefined, '"b"')).toBe(false)
  })
})
