import type { EventServiceClient } from '@suite/proto'
import type { PromiseClient } from '@suite/runtime'
import type { EventsClients } from '../clients/events.client.js'

/** Events clients answering from plain functions; a method not given fails loudly. */
export function fakeEvents(
  handlers: Partial<PromiseClient<EventServiceClient>> = {},
): EventsClients {
  const client = new Proxy(handlers, {
    get: (target, method) =>
      (Reflect.get(target, method) as unknown) ??
      (() => Promise.reject(new Error(`unexpected call events.${String(method)}`))),
  }) as unknown as PromiseClient<EventServiceClient>
  return { events: client, close: () => {} }
}
