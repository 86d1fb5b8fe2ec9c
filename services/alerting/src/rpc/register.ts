import {
  AlertIngestionServiceService,
  AlertIntegrationServiceService,
  AlertServiceService,
} from '@suite/proto'
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
  server.add(
    AlertIntegrationServiceService,
    integrationService(server, deps.integrations),
    'gitlab.alerting.v1.AlertIntegrationService',
  )
  server.add(
    AlertIngestionServiceService,
    ingestionService(server, deps.notify, deps.observer),
    'gitlab.alerting.v1.AlertIngestionService',
  )
  server.add(
    AlertServiceService,
    alertService(server, deps.alerts),
    'gitlab.alerting.v1.AlertService',
  )
  return close
}
