import { addProtoServices } from '@suite/runtime'
import { ALERTING_V1_SERVICES } from '@suite/proto'
import type { GrpcServer, ServiceDeps } from '@suite/runtime'
import { alertingDeps } from '../deps.js'
import type { Database } from '../store/schema.js'
import { alertService } from './alert.rpc.js'
import { ingestionService } from './ingestion.rpc.js'
import { integrationService } from './integration.rpc.js'

/** Registers the server role's gRPC services; returns what stops their clients and relay. */
export function registerServices(
  server: GrpcServer,
  service: ServiceDeps<Database>,
): () => Promise<void> {
  const { deps, close } = alertingDeps(service)
  addProtoServices(server, ALERTING_V1_SERVICES, {
    AlertIntegrationService: integrationService(server, deps.integrations),
    AlertIngestionService: ingestionService(server, deps.notify, deps.observer),
    AlertService: alertService(server, deps.alerts),
  })
  return close
}
