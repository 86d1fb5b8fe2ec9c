import { status } from '@grpc/grpc-js'
import { AccessLevel, type Caller, type Group, type Project, type Runner } from '@suite/proto'
import { isServiceError } from '@suite/runtime'
import type { RunnerDetailsItem } from '../entities/runner.entity.js'
import type { IdentityClients } from './identity.client.js'
import type { ProjectsClients } from './projects.client.js'

export interface RunnerDetailsDeps {
  projects: Pick<ProjectsClients, 'projects'>
  identity: Pick<IdentityClients, 'groups'>
}

/** A member (authorized_projects / authorized_groups), or an admin, who sees them all. */
function member(caller: Caller, level: AccessLevel | undefined): boolean {
  return (
    caller.admin ||
    (level ?? AccessLevel.ACCESS_LEVEL_NO_ACCESS) > AccessLevel.ACCESS_LEVEL_NO_ACCESS
  )
}

/** The runner's projects the caller is a member of, with one BatchGetProjects call. */
async function runnerProjects(
  deps: RunnerDetailsDeps,
  caller: Caller,
  runner: Runner,
): Promise<Project[]> {
  if (runner.projectIds.length === 0) return []
  const answer = await deps.projects.projects.read.batchGetProjects({
    ids: [...new Set(runner.projectIds)],
    caller,
  })
  const byId = new Map(answer.projects.map((project) => [project.id, project]))
  return runner.projectIds.flatMap((id) => {
    const project = byId.get(id)
    return project && member(caller, project.abilities?.accessLevel) ? [project] : []
  })
}

/** A group runner's group, when the caller is a member of it. */
async function runnerGroups(
  deps: RunnerDetailsDeps,
  caller: Caller,
  runner: Runner,
): Promise<Group[]> {
  if (runner.groupId === undefined) return []
  try {
    const { group } = await deps.identity.groups.read.getGroup({
      caller,
      group: { id: runner.groupId },
    })
    return group && member(caller, group.abilities?.accessLevel) ? [group] : []
  } catch (error) {
    if (isServiceError(error) && error.code === status.NOT_FOUND) return []
    throw error
  }
}

/** What RunnerDetails shows beyond the runner: its projects and groups as the caller may see them. */
export async function runnerDetails(
  deps: RunnerDetailsDeps,
  caller: Caller,
  runner: Runner,
): Promise<RunnerDetailsItem> {
  const [projects, groups] = await Promise.all([
    runnerProjects(deps, caller, runner),
    runnerGroups(deps, caller, runner),
  ])
  return { runner, projects, groups }
}
