import type {
  AlertIngestionServiceClient,
  AlertIntegrationServiceClient,
  AlertServiceClient,
} from '@suite/proto'
import type { PromiseClient } from '@suite/runtime'
import type { AlertingClients } from '../clients/alerting.client.js'

/** A client answering from plain functions; a method not given fails loudly. */
function fake<C>(service: string, handlers: Partial<PromiseClient<C>> = {}): PromiseClient<C> {
  return new Proxy(handlers, {
    get: (target, method) =>
      (Reflect.get(target, method) as unknown) ??
      (() => Promise.reject(new Error(`unexpected call ${service}.${String(method)}`))),
  }) as unknown as PromiseClient<C>
}

export interface FakeAlertingHandlers {
  integrations?: Partial<PromiseClient<AlertIntegrationServiceClient>>
  ingestion?: Partial<PromiseClient<AlertIngestionServiceClient>>
  alerts?: Partial<PromiseClient<AlertServiceClient>>
}

/** Alerting clients answering from plain functions, for tests without a network. */
export function fakeAlerting(handlers: FakeAlertingHandlers = {}): AlertingClients {
  const integrations = fake<AlertIntegrationServiceClient>('integrations', handlers.integrations)
  const alerts = fake<AlertServiceClient>('alerts', handlers.alerts)
  return {
    integrations: { read: integrations, write: integrations },
    ingestion: fake<AlertIngestionServiceClient>('ingestion', handlers.ingestion),
    alerts: { read: alerts, write: alerts },
    close: () => {},
  }
}
