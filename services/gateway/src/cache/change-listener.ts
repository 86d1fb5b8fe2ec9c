import type { Redis } from 'ioredis'
import {
  changesChannel,
  decodeChange,
  encodeChange,
  withTimeout,
  type ChangeMessage,
  type Logger,
} from '@suite/runtime'
import type { TokenCache } from '../auth/token-cache.js'
import type { ResponseCache } from './response-cache.js'

/** What a write through this gateway tells every gateway, itself first. */
export interface ChangePublisher {
  /**
   * Evicts here at once, marks the writer's sticky window, then publishes to
   * the other replicas (bounded wait: with Redis gone every replica's cache
   * is already off, see listenForChanges).
   */
  written(message: ChangeMessage): Promise<void>
}

const PUBLISH_TIMEOUT_MS = 500

/** Applies one change event to this gateway's caches. */
export function applyChange(
  message: ChangeMessage,
  cache: ResponseCache,
  tokenCache: TokenCache,
): void {
  cache.invalidate(message.tags)
  if (message.actor !== undefined) cache.markWriter(message.actor)
  for (const tag of message.tags) {
    if (tag.startsWith('u:')) tokenCache.evictUser(Number(tag.slice(2)))
  }
}

/**
 * Subscribes `subscriber` (a connection of its own) to the change channel.
 * The cache is on only while the subscription stands: it starts empty when
 * the subscription is (re)made and is emptied and bypassed when the
 * connection drops, since events sent meanwhile are lost.
 */
export function listenForChanges(deps: {
  subscriber: Redis
  publisher: Redis
  cache: ResponseCache
  tokenCache: TokenCache
  logger: Logger
}): ChangePublisher {
  const { subscriber, publisher, cache, tokenCache, logger } = deps
  const channel = changesChannel()
  const subscribe = () => {
    subscriber.subscribe(channel).then(
      () => cache.setListening(true),
      (err: unknown) => logger.warn({ err }, 'change channel subscription failed'),
    )
  }
  subscriber.on('message', (received: string, text: string) => {
    if (received === channel) applyChange(decodeChange(text), cache, tokenCache)
  })
  subscriber.on('ready', subscribe)
  subscriber.on('close', () => cache.setListening(false))
  if (subscriber.status === 'ready') subscribe()

  return {
    async written(message) {
      applyChange(message, cache, tokenCache)
      await withTimeout(
        publisher.publish(channel, encodeChange(message)).then(
          () => undefined,
          (err: unknown) => logger.warn({ err }, 'change event not published'),
        ),
        PUBLISH_TIMEOUT_MS,
      ).catch((err: unknown) => logger.warn({ err }, 'change event not published in time'))
    },
  }
}
