import type { ProjectServiceClient } from '@suite/proto'
import type { PromiseClient } from '@suite/runtime'
import type { ProjectAccessFacts } from '../domain/access-facts.js'
import { accessFactsOfProjects } from './access-facts.js'

export type ProjectsRpc = PromiseClient<ProjectServiceClient>

/** Saves access facts (the read model's writer). */
export type RecordAccessFacts = (facts: readonly ProjectAccessFacts[]) => Promise<void>

/**
 * The projects client with every Project it answers recorded in the access
 * facts read model before the answer is used: a project this service has
 * seen (a merge request's, at the latest when one is created) is never
 * missing from the lists that span projects.
 */
export function recordingProjects(client: ProjectsRpc, record: RecordAccessFacts): ProjectsRpc {
  return {
    getProject: async (request, overrides) => {
      const answer = await client.getProject(request, overrides)
      await record(accessFactsOfProjects(answer.project ? [answer.project] : []))
      return answer
    },
    batchGetProjects: async (request, overrides) => {
      const answer = await client.batchGetProjects(request, overrides)
      await record(accessFactsOfProjects(answer.projects))
      return answer
    },
    listProjects: async (request, overrides) => {
      const answer = await client.listProjects(request, overrides)
      await record(accessFactsOfProjects(answer.projects))
      return answer
    },
    createProject: (request, overrides) => client.createProject(request, overrides),
    updateProject: (request, overrides) => client.updateProject(request, overrides),
    getAbilityScope: (request, overrides) => client.getAbilityScope(request, overrides),
    getProjectAvatar: (request, overrides) => client.getProjectAvatar(request, overrides),
    findProjectIdByPath: (request, overrides) => client.findProjectIdByPath(request, overrides),
  }
}
