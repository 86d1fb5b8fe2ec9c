/**
 * read_merge_request for merge requests of other projects than the one the
 * gateway resolved (the other side of a block): the projects service says
 * whether the caller sees the project, and the merge requests feature rule
 * is applied here.
 */
import type { Caller, Project } from '@suite/proto'
import { findReadableProject } from '../clients/readable-project.js'
import type { MergeRequestsDeps } from '../rpc/deps.js'
import { REPORTER } from './policy.js'

/**
 * Whether a caller who can see the project may read its merge requests: the
 * feature must be on, and a private project or a private feature needs
 * Reporter and up (GitLab's minimum for merge requests). Admins read all.
 */
export function canReadMergeRequestsIn(project: Project, caller: Caller | undefined): boolean {
  if (caller?.admin) return true
  const feature = project.accessLevels['merge_requests'] ?? 'enabled'
  if (feature === 'disabled') return false
  if (feature === 'private' || project.visibility === 'private') {
    return project.callerAccessLevel >= REPORTER
  }
  return true
}

/**
 * The ids, among `projectIds`, of projects whose merge requests the caller
 * may read. `currentProjectId` is the project of the request, already
 * checked by the gateway; every other one costs one call, in parallel.
 */
export async function readableMergeRequestProjects(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  projectIds: readonly number[],
  currentProjectId: number,
): Promise<Set<number>> {
  const others = [...new Set(projectIds)].filter((id) => id !== currentProjectId)
  const readable = await Promise.all(
    others.map(async (id) => {
      const project = await findReadableProject(deps.ports, caller, id)
      return project !== undefined && canReadMergeRequestsIn(project, caller)
    }),
  )
  return new Set([currentProjectId, ...others.filter((_, index) => readable[index])])
}
