import type { Redis } from 'ioredis'
import {
  applyChange,
  changesChannel,
  encodeChange,
  keepCachesCurrent,
  withTimeout,
  type ChangeMessage,
  type Logger,
  type Tagged,
  type TaggedCache,
} from '@suite/runtime'
import type { TokenCache } from '../auth/token-cache.js'

/** What a write through this gateway tells every gateway, itself first. */
export interface ChangePublisher {
  /**
   * Evicts here at once, marks the writer's sticky window, then publishes to
   * the other replicas (bounded wait: with Redis gone every replica's caches
   * are already off, see listenForChanges).
   */
  written(message: ChangeMessage): Promise<void>
}

const PUBLISH_TIMEOUT_MS = 500

/** The gateway's read caches, which change events keep current. */
export interface GatewayCaches {
  caches: readonly TaggedCache<Tagged>[]
  tokenCache: TokenCache
}

/** A changed user's tokens leave the token cache too (blocked, made admin, renamed). */
function evictChangedUsers(message: ChangeMessage, tokenCache: TokenCache): void {
  for (const tag of message.tags) {
    if (tag.startsWith('u:')) tokenCache.evictUser(Number(tag.slice(2)))
  }
}

/**
 * Subscribes `subscriber` (a connection of its own) to the change channel.
 * The caches are on only while the subscription stands: they start empty
 * when it is (re)made and are emptied and bypassed when the connection drops.
 */
export function listenForChanges(
  deps: GatewayCaches & { subscriber: Redis; publisher: Redis; logger: Logger },
): ChangePublisher {
  const { publisher, logger, caches, tokenCache } = deps
  keepCachesCurrent({
    subscriber: deps.subscriber,
    logger,
    caches,
    also: (message) => evictChangedUsers(message, tokenCache),
  })
  return {
    async written(message) {
      applyChange(message, caches)
      evictChangedUsers(message, tokenCache)
      await withTimeout(
        publisher.publish(changesChannel(), encodeChange(message)).then(
          () => undefined,
          (err: unknown) => logger.warn({ err }, 'change event not published'),
        ),
        PUBLISH_TIMEOUT_MS,
      ).catch((err: unknown) => logger.warn({ err }, 'change event not published in time'))
    },
  }
}
