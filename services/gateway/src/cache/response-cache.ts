import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { Counter, Gauge, type Registry } from '@suite/runtime'

/** A serialized answer as it was sent, with what it depends on. */
export interface CachedResponse {
  body: Buffer
  /** A strong ETag: the digest of the body, which changes with every version of the object. */
  etag: string
  headers: Readonly<Record<string, string>>
  tags: readonly string[]
  /** The route template it answered, for the request metrics of a hit. */
  route: string
}

export interface ResponseCacheOptions {
  /** Bound on the bodies held; 0 turns the cache off. */
  maxBytes: number
  /** How long a user's reads bypass the cache after a write of theirs. */
  stickyMs: number
  registry?: Registry
  now?: () => number
}

function nextUtcMidnight(now: number): number {
  const date = new Date(now)
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)
}

/** The strong ETag of a body. */
export function strongEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

/** Whether an If-None-Match header names `etag` (a weak comparison, as RFC 9110 asks for it). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}

/**
 * Serialized bodies per viewer and URL, kept until a change event names one
 * of their tags (never by expiry alone), bounded by bytes (least recently
 * used goes first). While it cannot hear change events it holds nothing.
 *
 * Fills race with writes: a fill that started before an invalidation arrived
 * may hold what the write replaced, so a fill is kept only if no invalidation
 * came between its start (begin()) and its end (store()).
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, CachedResponse> | undefined
  private readonly byTag = new Map<string, Set<string>>()
  private readonly sticky = new Map<number, number>()
  private readonly stickyMs: number
  private readonly now: () => number
  private generation = 0
  /** Membership and token expiry are dates: what was allowed yesterday may not be today. */
  private nextMidnight: number
  private listening = false
  private readonly outcomes: Counter<'result'> | undefined
  private readonly evictions: Counter<'reason'> | undefined

  constructor(options: ResponseCacheOptions) {
    this.stickyMs = options.stickyMs
    this.now = options.now ?? Date.now
    this.nextMidnight = nextUtcMidnight(this.now())
    const registry = options.registry
    if (options.maxBytes > 0) {
      this.entries = new LRUCache<string, CachedResponse>({
        maxSize: options.maxBytes,
        sizeCalculation: (entry, key) => entry.body.length + key.length + 200,
        dispose: (entry, key, reason) => {
          this.unindex(key, entry)
          if (reason === 'evict') this.evictions?.inc({ reason: 'size' })
        },
      })
    }
    if (registry) {
      this.outcomes = new Counter({
        name: 'gateway_response_cache_requests_total',
        help: 'Cacheable GETs by outcome: hit, miss, or bypass (cache off, deaf, or sticky after a write)',
        labelNames: ['result'],
        registers: [registry],
      })
      this.evictions = new Counter({
        name: 'gateway_response_cache_evictions_total',
        help: 'Cached bodies dropped: size (LRU bound) or invalidated (a change event)',
        labelNames: ['reason'],
        registers: [registry],
      })
      const entries = this.entries
      new Gauge({
        name: 'gateway_response_cache_bytes',
        help: 'Bytes of serialized bodies held by the response cache',
        registers: [registry],
        collect() {
          this.set(entries?.calculatedSize ?? 0)
        },
      })
    }
  }

  /** Whether change events reach this cache; until they do (and while they do not) it is bypassed. */
  setListening(listening: boolean): void {
    this.listening = listening
    this.flush()
  }

  /**
   * The cached answer for `key`, or undefined when there is none or when
   * `userId` wrote within the sticky window (their reads go to the services).
   */
  lookup(key: string, userId: number | undefined): CachedResponse | undefined {
    if (!this.servable(userId)) {
      this.outcomes?.inc({ result: 'bypass' })
      return undefined
    }
    const entry = this.entries?.get(key)
    this.outcomes?.inc({ result: entry ? 'hit' : 'miss' })
    return entry
  }

  /** lookup() that counts hits only: a miss here is looked up again by the route. */
  peek(key: string, userId: number | undefined): CachedResponse | undefined {
    const entry = this.servable(userId) ? this.entries?.get(key) : undefined
    if (entry) this.outcomes?.inc({ result: 'hit' })
    return entry
  }

  private servable(userId: number | undefined): boolean {
    const now = this.now()
    if (now >= this.nextMidnight) {
      this.nextMidnight = nextUtcMidnight(now)
      this.flush()
    }
    return this.usable() && (userId === undefined || !this.isSticky(userId))
  }

  /** Call before reading what a fill will hold; pass the answer to store(). */
  begin(): number {
    return this.generation
  }

  /** Keeps `entry` unless an invalidation came since `started`; returns whether it did. */
  store(key: string, entry: CachedResponse, started: number): boolean {
    if (!this.entries || !this.usable() || started !== this.generation) return false
    this.entries.set(key, entry)
    if (!this.entries.has(key)) return false
    for (const tag of entry.tags) {
      let keys = this.byTag.get(tag)
      if (!keys) this.byTag.set(tag, (keys = new Set()))
      keys.add(key)
    }
    return true
  }

  /** Drops every answer depending on one of `tags`; `*` drops all. */
  invalidate(tags: readonly string[]): void {
    this.generation += 1
    if (tags.includes('*')) {
      this.flush()
      return
    }
    for (const tag of tags) {
      const keys = this.byTag.get(tag)
      if (!keys) continue
      for (const key of [...keys]) {
        if (this.entries?.delete(key)) this.evictions?.inc({ reason: 'invalidated' })
      }
      this.byTag.delete(tag)
    }
  }

  /** Starts `userId`'s sticky window: their next reads bypass the cache. */
  markWriter(userId: number): void {
    if (this.sticky.size > 10_000) this.pruneSticky()
    this.sticky.set(userId, this.now() + this.stickyMs)
  }

  isSticky(userId: number): boolean {
    const until = this.sticky.get(userId)
    if (until === undefined) return false
    if (until > this.now()) return true
    this.sticky.delete(userId)
    return false
  }

  private usable(): boolean {
    return this.entries !== undefined && this.listening
  }

  private flush(): void {
    this.generation += 1
    const size = this.entries?.size ?? 0
    this.entries?.clear()
    this.byTag.clear()
    if (size > 0) this.evictions?.inc({ reason: 'invalidated' }, size)
  }

  private unindex(key: string, entry: CachedResponse): void {
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag)
      keys?.delete(key)
      if (keys?.size === 0) this.byTag.delete(tag)
    }
  }

  private pruneSticky(): void {
    const now = this.now()
    for (const [userId, until] of this.sticky) if (until <= now) this.sticky.delete(userId)
  }
}
