import { MERGE_REQUESTS_V1_SERVICES } from '@suite/proto'
import type { Registry } from '@suite/runtime'
import { WRITE_DEADLINE_MS } from './deadlines.js'
import { createServiceClients, withNames } from './service-clients.js'

/** The names the routes use beside the generated service names. */
const NAMES = {
  mergeRequests: 'MergeRequestService',
  collaboration: 'CollaborationService',
  diffs: 'DiffService',
} as const

/** Every service of gitlab.merge_requests.v1 (MERGE_REQUESTS_ADDR), by service and route name. */
export type MergeRequestsClients = ReturnType<
  typeof withNames<typeof MERGE_REQUESTS_V1_SERVICES, typeof NAMES>
> & { close: () => void }

/** Builds the merge-requests service's clients once, at start (reads retried, writes not). */
export function createMergeRequestsClients(
  address: string,
  registry: Registry,
  internalSecret: string,
): MergeRequestsClients {
  const { clients, close } = createServiceClients(MERGE_REQUESTS_V1_SERVICES, {
    address,
    registry,
    internalSecret,
    writeDeadlineMs: WRITE_DEADLINE_MS,
  })
  return Object.assign(withNames(clients, NAMES), { close })
}
