import { ScopedAbility, type Project as ProjectMessage } from '@suite/proto'
import { TaggedCache, type Registry } from '@suite/runtime'
import type { Caller } from '../domain/caller.js'
import type { ProjectsPort } from '../domain/ports.js'
import type { Project } from '../domain/project.js'
import { abilityScopeOf } from './access-facts.js'
import { callerMessage } from './caller-message.js'
import { toProjectGrants } from './project-grants.js'
import { isNotFound } from './grpc-failures.js'
import type { ProjectsRpc } from './recording-projects.js'

/** A project's settings as merge requests read them. */
export function projectOf(message: ProjectMessage): Project {
  return {
    id: message.id,
    path: message.path,
    namespaceFullPath: message.namespaceFullPath,
    defaultBranch: message.defaultBranch,
    archived: message.archived,
    mergeMethod: message.mergeMethod,
    squashOption: message.squashOption,
    flags: { ...message.flags },
    approvalsBeforeMerge: message.approvalsBeforeMerge,
    visibility: message.visibility,
    forkedFromProjectId: message.forkedFromProjectId,
    callerReadsMergeRequests: message.abilities?.readMergeRequest,
  }
}

interface HeldProject {
  project: Project
  tags: readonly string[]
}

/** Projects' settings held in memory until a change event names them (see TaggedCache). */
export type ProjectSettingsCache = TaggedCache<HeldProject>

export function createProjectSettingsCache(registry?: Registry): ProjectSettingsCache {
  return new TaggedCache<HeldProject>({
    name: 'projects',
    maxSize: 20_000,
    sizeOf: () => 1,
    registry,
  })
}

/**
 * The projects service as the domain needs it (`client` records every
 * project's access facts). Settings asked without a caller come from `held`
 * when it has them: a merge request's answer then costs no call back.
 */
export function projectsPort(client: ProjectsRpc, held?: ProjectSettingsCache): ProjectsPort {
  const batchGet = async (ids: readonly number[], caller?: Caller) => {
    const { projects } = await client.batchGetProjects({
      ids: [...ids],
      caller: caller && callerMessage(caller),
    })
    return projects.map(projectOf)
  }
  const findGrants = async (caller: Caller | undefined, projectId: number) => {
    try {
      const { project } = await client.getProject({
        caller: callerMessage(caller),
        project: { id: projectId },
        includeLicense: false,
        skipRepository: true,
      })
      return toProjectGrants(project?.abilities)
    } catch (error) {
      if (isNotFound(error)) return undefined
      throw error
    }
  }
  return {
    findProjects: async (ids, caller) => {
      if (caller || !held) return batchGet(ids, caller)
      const entries = await held.getMany(ids.map(String), async (missing) =>
        (await batchGet(missing.map(Number))).map((project) => ({
          key: String(project.id),
          value: { project, tags: [`p:${project.id}`] },
        })),
      )
      return entries.map((entry) => entry.project)
    },
    canReadMergeRequests: async (caller: Caller | undefined, projectId: number) =>
      (await findGrants(caller, projectId))?.readMergeRequest === true,
    findGrants,
    readMergeRequestScope: async (caller) => {
      const { scope } = await client.getAbilityScope({
        caller: callerMessage(caller),
        ability: ScopedAbility.SCOPED_ABILITY_READ_MERGE_REQUEST,
      })
      return abilityScopeOf(scope)
    },
    readIssueScope: async (caller) => {
      const { scope } = await client.getAbilityScope({
        caller: callerMessage(caller),
        ability: ScopedAbility.SCOPED_ABILITY_READ_ISSUE,
      })
      return abilityScopeOf(scope)
    },
  }
}
