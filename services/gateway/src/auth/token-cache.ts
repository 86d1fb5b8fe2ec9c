import { createHash } from 'node:crypto'
import type { AuthenticateTokenResponse } from '@suite/proto'

interface Entry {
  value: AuthenticateTokenResponse
  expiresAt: number
}

export interface TokenCacheOptions {
  ttlMs?: number
  maxEntries?: number
  now?: () => number
}

/**
 * Token -> principal answers of the identity service, kept a few seconds so a
 * burst of requests costs one lookup while a revocation elsewhere still takes
 * effect within the TTL. Keys are digests: raw tokens are never held.
 */
export class TokenCache {
  private readonly entries = new Map<string, Entry>()
  private readonly ttlMs: number
  private readonly maxEntries: number
  private readonly now: () => number

  constructor(options: TokenCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5_000
    this.maxEntries = options.maxEntries ?? 10_000
    this.now = options.now ?? Date.now
  }

  get(token: string): AuthenticateTokenResponse | undefined {
    const key = digest(token)
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  set(token: string, value: AuthenticateTokenResponse): void {
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next()
      if (!oldest.done) this.entries.delete(oldest.value)
    }
    this.entries.set(digest(token), { value, expiresAt: this.now() + this.ttlMs })
  }

  /**
   * Forgets every token of a user at once: their account changed (blocked,
   * made admin, renamed), as a change event said.
   */
  evictUser(userId: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.value.user?.id === userId) this.entries.delete(key)
    }
  }

  /** Forgets a token at once, e.g. after it was revoked through this gateway. */
  evictTokenId(tokenId: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.value.token?.id === tokenId) this.entries.delete(key)
    }
  }
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
