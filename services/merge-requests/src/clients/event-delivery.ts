import { EventServiceClient, type EventRecord } from '@suite/proto'
import { createClient, type Logger, type Registry } from '@suite/runtime'

/** Delivers committed events to the projects service; never throws. */
export type DeliverEvents = (records: readonly EventRecord[]) => Promise<void>

/**
 * The projects service's EventService.RecordEvents, called right after a
 * transaction that wrote activity events committed: the write is answered
 * once its events are stored, as GitLab answers a new merge request once its
 * `opened` event exists. A failed or slow call leaves the events to the
 * outbox, which the relay queues as before (stored once by their keys).
 */
export function eventDelivery(
  address: string,
  registry: Registry,
  internalSecret: string,
  logger: Logger,
): { deliver: DeliverEvents; close: () => void } {
  const client = createClient(EventServiceClient, {
    address,
    registry,
    internalSecret,
    deadlineMs: 2_000,
  })
  return {
    deliver: async (records) => {
      if (records.length === 0) return
      try {
        await client.rpc.recordEvents({ events: [...records] })
      } catch (err) {
        logger.info({ err, events: records.length }, 'events left to the outbox relay')
      }
    },
    close: () => client.raw.close(),
  }
}
