/**
 * How a merge is made from the project's settings and the request: merge
 * method, squash, messages and source branch removal.
 */
import type { MergeRequest } from './merge-request.js'
import type { MergeMethod } from './ports.js'
import type { Project } from './project.js'
import { removeSourceBranchByDefault } from './project-settings.js'

/** The repository's merge method for the project's merge_method setting. */
export function mergeMethodOf(project: Project | undefined): MergeMethod {
  switch (project?.mergeMethod) {
    case 'ff':
      return 'ff'
    case 'rebase_merge':
      return 'rebase_merge'
    default:
      return 'merge'
  }
}

/**
 * MergeRequest#squash_on_merge?: `always` and `never` decide, else the
 * request's squash flag (which `squash=true` on the merge call sets).
 */
export function squashOnMerge(project: Project | undefined, squash: boolean): boolean {
  if (project?.squashOption === 'always') return true
  if (project?.squashOption === 'never') return false
  return squash
}

/**
 * MergeRequest#default_merge_commit_message: "Merge branch 'a' into 'b'",
 * the title, and "See merge request group/project!iid".
 */
export function defaultMergeCommitMessage(
  mergeRequest: Pick<MergeRequest, 'sourceBranch' | 'targetBranch' | 'title' | 'iid'>,
  projectFullPath: string,
): string {
  return [
    `Merge branch '${mergeRequest.sourceBranch}' into '${mergeRequest.targetBranch}'`,
    mergeRequest.title,
    `See merge request ${projectFullPath}!${mergeRequest.iid}`,
  ].join('\n\n')
}

/** The project's full path (namespace/path), as references print it. */
export function projectFullPath(project: Project | undefined, projectId: number): string {
  return project ? `${project.namespaceFullPath}/${project.path}` : String(projectId)
}

/**
 * MergeService#delete_source_branch?: the call's should_remove_source_branch,
 * else the request's force_remove_source_branch, else the project's
 * remove_source_branch_after_merge (the default GitLab gives the request).
 */
export function removeSourceBranch(
  asked: boolean | undefined,
  mergeRequest: Pick<MergeRequest, 'forceRemoveSourceBranch'>,
  project: Project | undefined,
): boolean {
  return asked ?? mergeRequest.forceRemoveSourceBranch ?? removeSourceBranchByDefault(project)
}

/** GitLab's merge_error for a merge the repository refused, by the refusal's reason. */
export function mergeErrorMessage(reason: string): string {
  switch (reason) {
    case 'conflict':
      return 'Conflicts detected during merge'
    case 'not_fast_forward':
      return 'Only fast-forward merge is allowed for your project. Please update your source branch'
    case 'moved':
      return 'Branch has been updated since the merge was requested. Please review the changes.'
    default:
      return 'Something went wrong during merge'
  }
}
