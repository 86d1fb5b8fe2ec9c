import type { Client } from '@grpc/grpc-js'
import {
  AlertIngestionServiceClient,
  AlertIntegrationServiceClient,
  AlertServiceClient,
} from '@suite/proto'
import { createClient, type PromiseClient, type Registry } from '@suite/runtime'
import { WRITE_DEADLINE_MS } from './deadlines.js'
import type { ReadWrite } from './service-clients.js'

/** The alerting service (ALERTING_ADDR): integrations, ingestion and alerts. */
export interface AlertingClients {
  /** Reads retried on UNAVAILABLE; writes (create, reset a key, delete) never retried. */
  integrations: ReadWrite<AlertIntegrationServiceClient>
  /**
   * Ingestion is never retried by the gateway: a retried notification could
   * count one occurrence twice. The sender (Alertmanager) retries a 503 itself.
   */
  ingestion: PromiseClient<AlertIngestionServiceClient>
  alerts: ReadWrite<AlertServiceClient>
  close: () => void
}

const READ_RETRIES = 2

/** Builds the alerting clients once, at start (reads retried, writes not). */
export function createAlertingClients(
  address: string,
  registry: Registry,
  internalSecret: string,
): AlertingClients {
  const readOptions = { address, registry, internalSecret, retries: READ_RETRIES }
  const writeOptions = { address, registry, internalSecret, deadlineMs: WRITE_DEADLINE_MS }
  const integrationsRead = createClient(AlertIntegrationServiceClient, readOptions)
  const integrationsWrite = createClient(AlertIntegrationServiceClient, writeOptions)
  const ingestion = createClient(AlertIngestionServiceClient, writeOptions)
  const alertsRead = createClient(AlertServiceClient, readOptions)
  const alertsWrite = createClient(AlertServiceClient, writeOptions)
  const raws: Client[] = [
    integrationsRead.raw,
    integrationsWrite.raw,
    ingestion.raw,
    alertsRead.raw,
    alertsWrite.raw,
  ]
  return {
    integrations: { read: integrationsRead.rpc, write: integrationsWrite.rpc },
    ingestion: ingestion.rpc,
    alerts: { read: alertsRead.rpc, write: alertsWrite.rpc },
    close: () => raws.forEach((raw) => raw.close()),
  }
}
