import type { MergeRequestsDeps } from './ports.js'
import type { Project } from './project.js'

/** The project's settings (merge method, squash option, flags), or undefined when it is unknown. */
export async function findProject(
  deps: Pick<MergeRequestsDeps, 'ports'>,
  projectId: number,
): Promise<Project | undefined> {
  const projects = await deps.ports.projects.findProjects([projectId])
  return projects.find((project) => project.id === projectId)
}

/** Project#squash_enabled_by_default?: squash option default_on or always. */
export function squashByDefault(project: Project | undefined): boolean {
  return project?.squashOption === 'default_on' || project?.squashOption === 'always'
}

/**
 * MergeRequest#mergeable_discussions_state?: true unless the project only
 * allows merging with every discussion resolved and a resolvable note is not.
 */
export function discussionsResolvedForMerge(
  project: Project | undefined,
  unresolvedNotes: boolean,
): boolean {
  return !(project?.flags['only_allow_merge_if_all_discussions_are_resolved'] && unresolvedNotes)
}

/** Project#remove_source_branch_after_merge? (GitLab's default is on). */
export function removeSourceBranchByDefault(project: Project | undefined): boolean {
  return project?.flags['remove_source_branch_after_merge'] ?? true
}
