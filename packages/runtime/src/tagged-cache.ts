import { LRUCache } from 'lru-cache'
import { Counter, Gauge, type Registry } from 'prom-client'

/** An answer held with the change tags it depends on (see change-events.ts). */
export interface Tagged {
  tags: readonly string[]
}

export interface TaggedCacheOptions<V> {
  /** The cache's name in the metrics' `cache` label. */
  name: string
  /** Bound on what is held, in sizeOf units (bytes); 0 turns the cache off. */
  maxSize: number
  sizeOf: (value: V, key: string) => number
  /** How long a user's reads bypass the cache after a write of theirs; 0 for none. */
  stickyMs?: number
  registry?: Registry
  now?: () => number
}

interface CacheMetrics {
  outcomes: Counter<'cache' | 'result'>
  evictions: Counter<'cache' | 'reason'>
  sizes: Map<string, () => number>
}

const metricsByRegistry = new WeakMap<Registry, CacheMetrics>()

/** One set of read-cache metrics per registry, with a `cache` label per cache. */
function cacheMetrics(registry: Registry): CacheMetrics {
  const existing = metricsByRegistry.get(registry)
  if (existing) return existing
  const sizes = new Map<string, () => number>()
  const metrics: CacheMetrics = {
    outcomes: new Counter({
      name: 'read_cache_requests_total',
      help: 'Read-cache lookups by outcome: hit, miss, or bypass (cache off, deaf to change events, or a writer in the sticky window)',
      labelNames: ['cache', 'result'],
      registers: [registry],
    }),
    evictions: new Counter({
      name: 'read_cache_evictions_total',
      help: 'Read-cache entries dropped: size (LRU bound) or invalidated (a change event)',
      labelNames: ['cache', 'reason'],
      registers: [registry],
    }),
    sizes,
  }
  new Gauge({
    name: 'read_cache_size',
    help: 'What a read cache holds, in its size unit: bytes for answers, entries for read models',
    labelNames: ['cache'],
    registers: [registry],
    collect() {
      for (const [cache, size] of sizes) this.set({ cache }, size())
    },
  })
  metricsByRegistry.set(registry, metrics)
  return metrics
}

function nextUtcMidnight(now: number): number {
  const date = new Date(now)
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)
}

/**
 * A read model held in memory until a change event names one of an entry's
 * tags (never by expiry alone), bounded by size with the least recently used
 * going first. While its owner cannot hear change events it holds nothing
 * (setListening), and it empties at UTC midnight, since membership and token
 * expiry are dates that pass without a write.
 *
 * Fills race with writes: a fill that started before an invalidation arrived
 * may hold what the write replaced, so a fill is kept only if no
 * invalidation of one of its tags (nor a flush) came between its start
 * (begin()) and its end (store()).
 */
export class TaggedCache<V extends Tagged> {
  private readonly entries: LRUCache<string, V> | undefined
  private readonly byTag = new Map<string, Set<string>>()
  private readonly sticky = new Map<number, number>()
  private readonly stickyMs: number
  private readonly now: () => number
  private readonly name: string
  private readonly metrics: CacheMetrics | undefined
  private generation = 0
  /** When each tag was last invalidated; fills begun before `floor` are refused. */
  private readonly invalidatedAt = new Map<string, number>()
  private floor = 0
  private listening = false
  private nextMidnight: number

  constructor(options: TaggedCacheOptions<V>) {
    this.name = options.name
    this.stickyMs = options.stickyMs ?? 0
    this.now = options.now ?? Date.now
    this.nextMidnight = nextUtcMidnight(this.now())
    this.metrics = options.registry ? cacheMetrics(options.registry) : undefined
    if (options.maxSize > 0) {
      const entries = new LRUCache<string, V>({
        maxSize: options.maxSize,
        sizeCalculation: (value, key) => Math.max(1, options.sizeOf(value, key)),
        dispose: (value, key, reason) => {
          this.unindex(key, value)
          if (reason === 'evict') this.metrics?.evictions.inc({ cache: this.name, reason: 'size' })
        },
      })
      this.entries = entries
      this.metrics?.sizes.set(this.name, () => entries.calculatedSize)
    }
  }

  /** Whether change events reach this cache; it starts empty either way. */
  setListening(listening: boolean): void {
    this.listening = listening
    this.flush()
  }

  /** The entry for `key`, unless there is none or `userId` is in a sticky window. */
  get(key: string, userId?: number): V | undefined {
    if (!this.servable(userId)) {
      this.count('bypass')
      return undefined
    }
    const entry = this.entries?.get(key)
    this.count(entry ? 'hit' : 'miss')
    return entry
  }

  /** get() that counts hits only: for a fast path whose misses look up again the long way. */
  peek(key: string, userId?: number): V | undefined {
    const entry = this.servable(userId) ? this.entries?.get(key) : undefined
    if (entry) this.count('hit')
    return entry
  }

  /** Call before reading what a fill will hold; pass the answer to store(). */
  begin(): number {
    return this.generation
  }

  /** Keeps `value` unless one of its tags was invalidated since `started`; returns whether it did. */
  store(key: string, value: V, started: number): boolean {
    if (!this.entries || !this.listening || started < this.floor) return false
    if (value.tags.some((tag) => (this.invalidatedAt.get(tag) ?? -1) >= started)) return false
    this.entries.set(key, value)
    if (!this.entries.has(key)) return false
    for (const tag of value.tags) {
      let keys = this.byTag.get(tag)
      if (!keys) this.byTag.set(tag, (keys = new Set()))
      keys.add(key)
    }
    return true
  }

  /** The entry for `key`, else what `fill` reads, kept unless an invalidation overtook it. */
  async getOrFill(key: string, fill: () => Promise<V>, userId?: number): Promise<V> {
    const held = this.get(key, userId)
    if (held) return held
    const started = this.begin()
    const value = await fill()
    this.store(key, value, started)
    return value
  }

  /**
   * The entries for `keys`, the missing ones read with one `fill` call (which
   * may leave out keys that name nothing); in no particular order.
   */
  async getMany(
    keys: readonly string[],
    fill: (missing: string[]) => Promise<{ key: string; value: V }[]>,
  ): Promise<V[]> {
    const found: V[] = []
    const missing: string[] = []
    for (const key of new Set(keys)) {
      const held = this.get(key)
      if (held) found.push(held)
      else missing.push(key)
    }
    if (missing.length === 0) return found
    const started = this.begin()
    for (const { key, value } of await fill(missing)) {
      this.store(key, value, started)
      found.push(value)
    }
    return found
  }

  /** Drops every entry depending on one of `tags`; `*` drops all. */
  invalidate(tags: readonly string[]): void {
    if (tags.includes('*')) {
      this.flush()
      return
    }
    if (this.invalidatedAt.size > 10_000) {
      // Forget old tags: fills in flight then are refused as after a flush.
      this.invalidatedAt.clear()
      this.floor = this.generation + 1
    }
    for (const tag of tags) this.invalidatedAt.set(tag, this.generation)
    this.generation += 1
    for (const tag of tags) {
      const keys = this.byTag.get(tag)
      if (!keys) continue
      for (const key of [...keys]) {
        if (this.entries?.delete(key)) {
          this.metrics?.evictions.inc({ cache: this.name, reason: 'invalidated' })
        }
      }
      this.byTag.delete(tag)
    }
  }

  /** Starts `userId`'s sticky window: their next reads bypass the cache. */
  markWriter(userId: number): void {
    if (this.stickyMs <= 0) return
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

  private servable(userId: number | undefined): boolean {
    const now = this.now()
    if (now >= this.nextMidnight) {
      this.nextMidnight = nextUtcMidnight(now)
      this.flush()
    }
    return (
      this.entries !== undefined &&
      this.listening &&
      (userId === undefined || !this.isSticky(userId))
    )
  }

  private count(result: 'hit' | 'miss' | 'bypass'): void {
    this.metrics?.outcomes.inc({ cache: this.name, result })
  }

  private flush(): void {
    this.generation += 1
    this.floor = this.generation
    this.invalidatedAt.clear()
    const size = this.entries?.size ?? 0
    this.entries?.clear()
    this.byTag.clear()
    if (size > 0) this.metrics?.evictions.inc({ cache: this.name, reason: 'invalidated' }, size)
  }

  private unindex(key: string, value: V): void {
    for (const tag of value.tags) {
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
