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
import { routeArea } from './route-areas.js'
import { routeTable } from './route-table.js'

// Prints the gateway's route table as JSON (`node services/gateway/dist/print-route-table.js`):
// the app is built as main.ts builds it, every upstream included, and never
// listens; its gRPC clients stay idle (no call is made) and are closed at once.
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
// The operations (parameter coercions) are for the OpenAPI document, not this listing; each
// route's area (declared, or from route-areas.ts) is, for the README's coverage table.
const listed = routeTable(app).map(({ operation, ...entry }) => ({
  ...entry,
  area: routeArea({ ...entry, operation }),
}))
process.stdout.write(`${JSON.stringify(listed, null, 2)}\n`)
