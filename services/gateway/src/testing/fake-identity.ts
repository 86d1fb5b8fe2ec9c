import type { IdentityClients } from '../clients/identity.client.js'
import { fakeServiceClients, type FakeHandlers } from './fake-service-clients.js'

export type FakeIdentityHandlers = FakeHandlers<IdentityClients>

/** Identity clients answering from plain functions, for tests without a network. */
export function fakeIdentity(handlers: FakeIdentityHandlers = {}): IdentityClients {
  return fakeServiceClients<IdentityClients>(handlers)
}
