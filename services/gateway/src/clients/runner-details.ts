import { status } from '@grpc/grpc-js'
import type { Caller, Group, Project, Runner } from '@suite/proto'
import { isServiceError } from '@suite/runtime'
import type { RunnerDetailsItem } from '../entities/runner.entity.js'
import type { IdentityClients } from './identity.client.js'
import type { ProjectsClients } from './projects.client.js'

export interface RunnerDetailsDeps {
  projects: Pick<ProjectsClients, 'projects'>
  identity: Pick<IdentityClients, 'groups'>
}

/**
 * The runner's projects the caller is a member of (authorized_projects; an
 * admin sees them all), as the projects service answers it, with one
 * BatchGetProjects call.
 */
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
    return project?.abilities?.authorizedProject ? [project] : []
  })
}

/** A group runner's group, when identity counts it among the caller's authorized groups. */
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
    return group?.abilities?.authorizedGroup ? [group] : []
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
