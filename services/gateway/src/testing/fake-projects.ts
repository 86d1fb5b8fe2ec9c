import type { ProjectServiceClient } from '@suite/proto'
import type { PromiseClient } from '@suite/runtime'
import type { ProjectsClients } from '../clients/projects.client.js'
import { fakeServiceClients } from './fake-service-clients.js'

/** Projects clients answering from plain functions; a method not given fails loudly. */
export function fakeProjects(
  handlers: Partial<PromiseClient<ProjectServiceClient>> = {},
): ProjectsClients {
  return fakeServiceClients<ProjectsClients>({ projects: handlers })
}
