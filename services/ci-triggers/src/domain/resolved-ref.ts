/** What a pipeline keeps of its commit: the CI_COMMIT_* variables and webhook payloads show it. */
export interface CommitFacts {
  message: string
  /** Commit#title: the first line, shortened when long. */
  title: string
  authorName: string
  authorEmail: string
}

/** A ref resolved to its commit. */
export interface ResolvedRef {
  sha: string
  tag: boolean
  /**
   * A protected branch rule of the project applies to the ref (GitLab's
   * Ci::Pipeline#protected_ref?); tags have no protection rules here yet.
   */
  protected: boolean
  committedAt: Date | null
  /** Known when the ref was resolved by the repository; absent for a given sha. */
  commit?: CommitFacts
}
