import type {
  GroupServiceClient,
  Project,
  ProjectAbilities,
  ProjectServiceClient,
  UserAccessServiceClient,
} from '@suite/proto'
import { AccessLevel } from '@suite/proto'
import { isNotFound, type PromiseClient } from '@suite/runtime'
import type { Caller, ProjectGrant } from '../domain/caller.js'
import type { AccessPort, GroupReach, ProjectFacts } from '../domain/ports.js'

/** The scopes a trigger owner acts with: GitLab runs the pipeline as them, unscoped. */
const OWNER_SCOPES = ['api']

function factsOf(project: Project): ProjectFacts {
  return {
    id: project.id,
    fullPath: `${project.namespaceFullPath}/${project.path}`,
    name: project.name,
    defaultBranch: project.defaultBranch ?? null,
    ciConfigPath: project.ciConfigPath || null,
    groupIds: [...project.namespaceTraversalIds],
  }
}

/** Returns undefined where the call answered NOT_FOUND. */
function unlessNotFound<T>(call: Promise<T>): Promise<T | undefined> {
  return call.catch((error: unknown) => {
    if (isNotFound(error)) return undefined
    throw error
  })
}

/** Whether a group exists (unchecked batch read) and identity lets the caller read it. */
async function groupReach(
  groups: PromiseClient<GroupServiceClient>,
  caller: Caller,
  groupId: number,
): Promise<GroupReach> {
  const { groups: found } = await groups.batchGetGroups({ ids: [groupId] })
  if (!found.some((group) => group.id === groupId)) return 'missing'
  if (caller.userId === null) return 'hidden'
  const answer = await unlessNotFound(
    groups.getGroup({
      caller: { userId: caller.userId, admin: caller.admin, scopes: OWNER_SCOPES },
      group: { id: groupId },
    }),
  )
  return answer?.group ? 'readable' : 'hidden'
}

/** The pipeline abilities of a projects-service answer, for the project they are about. */
export function grantOf(projectId: number, abilities: ProjectAbilities | undefined): ProjectGrant {
  return {
    projectId,
    readPipeline: abilities?.readPipeline ?? false,
    createPipeline: abilities?.createPipeline ?? false,
    updatePipeline: abilities?.updatePipeline ?? false,
    adminPipeline: abilities?.adminPipeline ?? false,
    destroyPipeline: abilities?.destroyPipeline ?? false,
    adminPipelineTriggers: abilities?.adminPipelineTriggers ?? false,
    readBuild: abilities?.readBuild ?? false,
    readCommitStatus: abilities?.readCommitStatus ?? false,
    updateBuild: abilities?.updateBuild ?? false,
    adminRunner: abilities?.adminRunner ?? false,
    readRunners: abilities?.readRunners ?? false,
    adminJobTokenScope: abilities?.adminJobTokenScope ?? false,
    adminCicdVariables: abilities?.adminCicdVariables ?? false,
  }
}

/**
 * Who may do what, asked of those who decide it: identity's UserAccessService
 * whether the user may act at all (Gitlab::UserAccess#allowed?: unknown,
 * blocked, banned and deactivated users act as nobody), projects for their
 * abilities.
 */
export function accessPort(
  projects: PromiseClient<ProjectServiceClient>,
  userAccess: PromiseClient<UserAccessServiceClient>,
  groups: PromiseClient<GroupServiceClient>,
): AccessPort {
  return {
    callerFor: async (userId, ref) => {
      const access = await unlessNotFound(userAccess.checkUserAccess({ userId }))
      const user = access?.allowed ? access.user : undefined
      if (!user) return undefined
      const asOwner = { userId, admin: user.admin, scopes: OWNER_SCOPES }
      const project = (
        await unlessNotFound(
          projects.getProject({
            caller: asOwner,
            project: 'id' in ref ? { id: ref.id } : { fullPath: ref.fullPath },
            includeLicense: false,
            skipRepository: true,
          }),
        )
      )?.project
      if (!project?.abilities?.readProject) return undefined
      const caller: Caller = {
        userId,
        admin: user.admin,
        grant: grantOf(project.id, project.abilities),
      }
      return { caller, project: factsOf(project) }
    },
    project: async (projectId) => {
      const { projects: found } = await projects.batchGetProjects({ ids: [projectId] })
      const project = found.find((candidate) => candidate.id === projectId)
      return project && factsOf(project)
    },
    groupReach: (caller, groupId) => groupReach(groups, caller, groupId),
  }
}

/** At most this many projects count for a user's runners (GET /runners); more are left out. */
const MAINTAINED_PROJECTS_LIMIT = 1_000

/**
 * The projects a user maintains (Maintainer or more), as the projects service
 * lists their memberships: whose runners GET /runners shows them.
 */
export async function maintainedProjects(
  projects: PromiseClient<ProjectServiceClient>,
  userId: number,
): Promise<number[]> {
  const ids: number[] = []
  let after: number | undefined
  while (ids.length < MAINTAINED_PROJECTS_LIMIT) {
    const answer = await projects.listProjects({
      caller: { userId, admin: false, scopes: OWNER_SCOPES },
      page: { page: 1, perPage: 100 },
      membership: true,
      minAccessLevel: AccessLevel.ACCESS_LEVEL_MAINTAINER,
      orderBy: 'id',
      sort: 'asc',
      keyset: true,
      idAfter: after,
      owned: false,
      searchNamespaces: false,
      starred: false,
      topics: [],
      withIssuesEnabled: false,
      withMergeRequestsEnabled: false,
      includeSubgroups: false,
    })
    ids.push(...answer.projects.map((project) => project.id))
    if (answer.projects.length < 100 || answer.nextCursor === undefined) break
    after = answer.nextCursor
  }
  return ids
}
