import { createRegistry } from './metrics.js'
import { TaggedCache, type TaggedCacheOptions } from './tagged-cache.js'

interface Body {
  text: string
  tags: readonly string[]
}

function entry(text: string, tags: string[]): Body {
  return { text, tags }
}

function listening(options: Partial<TaggedCacheOptions<Body>> = {}) {
  const cache = new TaggedCache<Body>({
    name: 'test',
    maxSize: 1_000_000,
    sizeOf: (body, key) => body.text.length + key.length + 200,
    stickyMs: 2_000,
    ...options,
  })
  cache.setListening(true)
  return cache
}

describe('TaggedCache', () => {
  it('answers from memory until a change event names a tag of the answer', () => {
    const cache = listening()
    cache.store('v1:/projects/1', entry('{"a":1}', ['p:1', 'u:7']), cache.begin())
    cache.store('v1:/projects/2', entry('{"a":2}', ['p:2', 'u:7']), cache.begin())
    expect(cache.get('v1:/projects/1', 1)?.text).toBe('{"a":1}')
    cache.invalidate(['p:1'])
    expect(cache.get('v1:/projects/1', 1)).toBeUndefined()
    expect(cache.get('v1:/projects/2', 1)).toBeDefined()
    cache.invalidate(['u:7'])
    expect(cache.get('v1:/projects/2', 1)).toBeUndefined()
  })

  it('empties on a flush event', () => {
    const cache = listening()
    cache.store('k', entry('{}', ['p:1']), cache.begin())
    cache.invalidate(['*'])
    expect(cache.get('k', undefined)).toBeUndefined()
  })

  it('drops a fill that an invalidation of one of its tags overtook, and keeps the others', () => {
    const cache = listening()
    const started = cache.begin()
    cache.invalidate(['p:9'])
    expect(cache.store('other', entry('{}', ['p:1']), started)).toBe(true)
    cache.invalidate(['p:1'])
    expect(cache.store('k', entry('{"stale":true}', ['p:1']), started)).toBe(false)
    expect(cache.get('k', undefined)).toBeUndefined()
    expect(cache.store('k', entry('{"fresh":true}', ['p:1']), cache.begin())).toBe(true)
    const beforeFlush = cache.begin()
    cache.invalidate(['*'])
    expect(cache.store('k', entry('{}', ['p:2']), beforeFlush)).toBe(false)
  })

  it('holds nothing while it cannot hear change events, and starts empty when it can again', () => {
    const cache = listening()
    cache.store('k', entry('{}', ['p:1']), cache.begin())
    cache.setListening(false)
    expect(cache.get('k', undefined)).toBeUndefined()
    expect(cache.store('k', entry('{}', ['p:1']), cache.begin())).toBe(false)
    cache.setListening(true)
    expect(cache.get('k', undefined)).toBeUndefined()
  })

  it("bypasses a writer's reads for the sticky window only", () => {
    let now = 10_000
    const cache = listening({ stickyMs: 2_000, now: () => now })
    cache.store('k', entry('{}', ['p:1']), cache.begin())
    cache.markWriter(5)
    expect(cache.get('k', 5)).toBeUndefined()
    expect(cache.get('k', 6)).toBeDefined()
    now += 2_000
    expect(cache.get('k', 5)).toBeDefined()
  })

  it('evicts the least recently used answers beyond its byte bound and forgets their tags', () => {
    const registry = createRegistry('test')
    const cache = listening({ maxSize: 1_200, registry })
    cache.store('a', entry('x'.repeat(300), ['p:1']), cache.begin())
    cache.store('b', entry('x'.repeat(300), ['p:1']), cache.begin())
    cache.get('a', undefined)
    cache.store('c', entry('x'.repeat(300), ['p:2']), cache.begin())
    expect(cache.get('b', undefined)).toBeUndefined()
    expect(cache.get('a', undefined)).toBeDefined()
    expect(cache.store('huge', entry('x'.repeat(2_000), ['p:3']), cache.begin())).toBe(false)
  })

  it('empties at midnight UTC, when memberships and tokens may have expired', () => {
    let now = Date.UTC(2026, 10, 26, 23, 59, 59)
    const cache = listening({ now: () => now })
    cache.store('k', entry('{}', ['p:1']), cache.begin())
    expect(cache.get('k', undefined)).toBeDefined()
    now = Date.UTC(2026, 10, 27, 0, 0, 1)
    expect(cache.get('k', undefined)).toBeUndefined()
  })

  it('is off with no byte budget', () => {
    const cache = listening({ maxSize: 0 })
    expect(cache.store('k', entry('{}', []), cache.begin())).toBe(false)
  })
})
