import { PROJECTS_V1_SERVICES } from '@suite/proto'
import type { Registry } from '@suite/runtime'
import { WRITE_DEADLINE_MS } from './deadlines.js'
import { createServiceClients, withNames } from './service-clients.js'

/** gitlab.projects.v1 without the repository role's services (REPOSITORY_ADDR, repository.client.ts). */
const {
  RepositoryService: _repository,
  SmartHttpService: _smartHttp,
  ...SERVICES
} = PROJECTS_V1_SERVICES

/** The names the routes use beside the generated service names. */
const NAMES = {
  projects: 'ProjectService',
  /** Webhooks; tests and resends wait for the receiver, so writes get the hook timeout and more. */
  hooks: 'HookService',
  protectedBranches: 'ProtectedBranchService',
  stars: 'StarService',
  deletions: 'ProjectDeletionService',
} as const

/** The projects service's own services (PROJECTS_ADDR), by service and route name. */
export type ProjectsClients = ReturnType<typeof withNames<typeof SERVICES, typeof NAMES>> & {
  close: () => void
}

/** A hook test waits for the receiver (WEBHOOK_TIMEOUT_SECONDS, at most 60 s). */
const HOOK_SEND_DEADLINE_MS = 65_000

/** Builds the projects service's clients once, at start (reads retried, writes not). */
export function createProjectsClients(
  address: string,
  registry: Registry,
  internalSecret: string,
): ProjectsClients {
  const { clients, close } = createServiceClients(SERVICES, {
    address,
    registry,
    internalSecret,
    writeDeadlineMs: WRITE_DEADLINE_MS,
    writeDeadlines: { HookService: HOOK_SEND_DEADLINE_MS },
  })
  return Object.assign(withNames(clients, NAMES), { close })
}
