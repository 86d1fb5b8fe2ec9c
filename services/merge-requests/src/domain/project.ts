/**
 * A project as the projects service answers it, reduced to what merge
 * requests read: the settings of merges and their presentation.
 */
export interface Project {
  id: number
  path: string
  namespaceFullPath: string
  defaultBranch: string | undefined
  archived: boolean
  /** merge, rebase_merge, ff ('' when unset) */
  mergeMethod: string
  /** never, always, default_on, default_off */
  squashOption: string
  /** The project's boolean settings by GitLab's name (remove_source_branch_after_merge, ...). */
  flags: Readonly<Record<string, boolean>>
  approvalsBeforeMerge: number
  /** private, internal or public. */
  visibility: string
  /** The project this one was forked from (GitLab's forked_from_project), if any. */
  forkedFromProjectId: number | undefined
  /**
   * Whether the caller the projects were asked for holds read_merge_request
   * now (the projects service's answer); undefined when none was asked for.
   */
  callerReadsMergeRequests: boolean | undefined
}
