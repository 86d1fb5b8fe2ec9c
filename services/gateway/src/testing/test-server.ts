import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import {
  createLogger,
  createRegistry,
  setQueuePrefix,
  type Logger,
  type Registry,
} from '@suite/runtime'
import { createApp, type AppDeps } from '../app.js'
import { TokenCache } from '../auth/token-cache.js'
import type { AlertingClients } from '../clients/alerting.client.js'
import type { EventsClients } from '../clients/events.client.js'
import type { IdentityClients } from '../clients/identity.client.js'
import type { MergeRequestsClients } from '../clients/merge-requests.client.js'
import type { PipelinesClients } from '../clients/pipelines.client.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import type { RepositoryClients } from '../clients/repository.client.js'
import type { ReadinessCheck } from '../routes/health.routes.js'
import { fakeEvents } from './fake-events.js'
import { fakeMergeRequests, fakePipelines } from './fake-merge-requests.js'
import { fakeProjects } from './fake-projects.js'

export interface TestGateway {
  url: string
  registry: Registry
  close: () => Promise<void>
}

export interface TestGatewayOptions {
  readiness?: ReadinessCheck[]
  logger?: Logger
  projects?: ProjectsClients
  events?: EventsClients
  mergeRequests?: MergeRequestsClients
  pipelines?: PipelinesClients
  /** The alerting service; its routes are left out without it. */
  alerting?: AlertingClients
  /** The repository role; its routes are left out without it. */
  repository?: RepositoryClients
  /** User and IP rate limits; off without them. */
  throttles?: AppDeps['throttles']
  trustProxy?: AppDeps['trustProxy']
  revision?: string
}

/** The real app on a free loopback port, over fake identity clients. */
export async function startGateway(
  identity: IdentityClients,
  options: TestGatewayOptions = {},
): Promise<TestGateway> {
  // What main.ts resolves at start (joinInstallation): rate limits count under it.
  setQueuePrefix('gateway-test')
  const registry = createRegistry('gateway')
  const app = createApp({
    externalUrl: 'https://gitlab.example.com',
    logger: options.logger ?? createLogger('gateway', 'silent'),
    registry,
    identity,
    projects: options.projects ?? fakeProjects(),
    events: options.events ?? fakeEvents(),
    mergeRequests: options.mergeRequests ?? fakeMergeRequests(),
    pipelines: options.pipelines ?? fakePipelines(),
    ...(options.repository ? { repository: options.repository } : {}),
    ...(options.alerting ? { alerting: options.alerting } : {}),
    tokenCache: new TokenCache(),
    readiness: options.readiness ?? [],
    throttles: options.throttles,
    trustProxy: options.trustProxy,
    revision: options.revision,
  })
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    registry,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
