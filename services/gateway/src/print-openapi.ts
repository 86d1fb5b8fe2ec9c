import { createLogger, createRegistry } from '@suite/runtime'
import { createApp } from './app.js'
import { TokenCache } from './auth/token-cache.js'
import { createAlertingClients } from './clients/alerting.client.js'
import { createEventsClients } from './clients/events.client.js'
import { createIdentityClients } from './clients/identity.client.js'
import { createMergeRequestsClients } from './clients/merge-requests.client.js'
import { createPipelinesClients } from './clients/pipelines.client.js'
import { createProjectsClients } from './clients/projects.client.js'
import { createRepositoryClients } from './clients/repository.client.js'
import { buildDocument } from './openapi/build-document.js'
import { routeTable } from './route-table.js'

// Prints the OpenAPI document GET /api/v4/openapi.json serves
// (`node services/gateway/dist/print-openapi.js`, for scripts/check-openapi.mjs): the app is
// built as print-route-table.ts builds it, never listens, and its idle clients are closed.
const NOWHERE = '127.0.0.1:9'
// Never sent: these clients make no call.
const NO_SECRET = ''
const registry = createRegistry('gateway')
const clients = {
  identity: createIdentityClients(NOWHERE, registry, NO_SECRET),
  projects: createProjectsClients(NOWHERE, registry, NO_SECRET),
  events: createEventsClients(NOWHERE, registry, NO_SECRET),
  repository: createRepositoryClients(NOWHERE, registry, NO_SECRET),
  mergeRequests: createMergeRequestsClients(NOWHERE, registry, NO_SECRET),
  pipelines: createPipelinesClients(NOWHERE, registry, NO_SECRET),
  alerting: createAlertingClients(NOWHERE, registry, NO_SECRET),
}
const app = createApp({
  externalUrl: 'http://localhost',
  logger: createLogger('gateway', 'silent'),
  registry,
  ...clients,
  tokenCache: new TokenCache(),
  readiness: [],
})
for (const client of Object.values(clients)) client.close()
process.stdout.write(
  `${JSON.stringify(buildDocument(routeTable(app), 'http://localhost'), null, 2)}\n`,
)
