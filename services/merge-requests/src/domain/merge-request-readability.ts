/**
 * read_merge_request for merge requests of other projects than the request's
 * (the other side of a block): the projects service answers each project
 * with the caller's abilities in it, or NOT_FOUND when the caller may not
 * read it; this service decides nothing about those projects itself.
 */
import type { Caller } from './caller.js'
import type { MergeRequestsDeps } from './ports.js'
import { grantsIn } from './policy.js'

/**
 * The ids, among `projectIds`, of projects whose merge requests the caller
 * may read. `currentProjectId` is the project of the request, whose
 * abilities came with the caller; every other one costs one call, in parallel.
 */
export async function readableMergeRequestProjects(
  deps: Pick<MergeRequestsDeps, 'ports'>,
  caller: Caller | undefined,
  projectIds: readonly number[],
  currentProjectId: number,
): Promise<Set<number>> {
  const others = [...new Set(projectIds)].filter((id) => id !== currentProjectId)
  // The abilities handed in are the current project's: the projects service
  // answers for the others from who the caller is.
  const asked = caller && { ...caller, project: undefined }
  const readable = await Promise.all(
    others.map((id) => deps.ports.projects.canReadMergeRequests(asked, id)),
  )
  const current = grantsIn(caller, currentProjectId)?.readMergeRequest ? [currentProjectId] : []
  return new Set([...current, ...others.filter((_, index) => readable[index])])
}
