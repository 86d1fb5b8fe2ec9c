import { createHash } from 'node:crypto'
import { TaggedCache, type Registry } from '@suite/runtime'

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

/** Serialized answers per viewer and URL (see TaggedCache for how they stay current). */
export type ResponseCache = TaggedCache<CachedResponse>

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  return new TaggedCache<CachedResponse>({
    name: 'responses',
    maxSize: options.maxBytes,
    // The key, the headers and the entry's bookkeeping, roughly.
    sizeOf: (entry, key) => entry.body.length + key.length + 200,
    stickyMs: options.stickyMs,
    registry: options.registry,
    now: options.now,
  })
}
