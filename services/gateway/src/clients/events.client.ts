import { EventServiceClient } from '@suite/proto'
import { createClient, type PromiseClient, type Registry } from '@suite/runtime'

/** The projects service's EventService (reads only, retried on UNAVAILABLE). */
export interface EventsClients {
  events: PromiseClient<EventServiceClient>
  close: () => void
}

const READ_RETRIES = 2

export function createEventsClients(
  address: string,
  registry: Registry,
  internalSecret: string,
): EventsClients {
  const { raw, rpc } = createClient(EventServiceClient, {
    address,
    registry,
    internalSecret,
    retries: READ_RETRIES,
  })
  return { events: rpc, close: () => raw.close() }
}
