import type { CommitStatus, StatusMove } from './commit-status.js'
import type { Job } from './job.js'
import type { Pipeline } from './pipeline.js'
import type { NewPipeline, PipelineState, Window } from './ports.js'

/** The repository as commit statuses need it: the commit, and the branches holding it. */
export interface CommitLookupPort {
  /** The full SHA a revision names; undefined when it names no commit. */
  commitSha(projectId: number, revision: string): Promise<string | undefined>
  /** Names of the branches whose history holds the commit (branch_names_contains). */
  branchesContaining(projectId: number, sha: string): Promise<string[]>
}

/** A status to record on a commit, and where. */
export interface StatusReport {
  projectId: number
  sha: string
  ref: string
  name: string
  userId: number | null
  /** Only this pipeline of the commit; otherwise the newest of sha and ref. */
  pipelineId: number | null
  targetUrl: string | undefined
  description: string | undefined
  coverage: number | undefined
  /** What is stored when no pipeline of the commit matches (source external). */
  newPipeline: NewPipeline
}

/** What the domain decides inside the store's transaction. */
export interface StatusDecisions {
  /** Where the report moves the running or pending status of the same name (none: a new one). */
  move(current: Job | undefined): StatusMove
  /** The pipeline's state from its latest jobs. */
  settle(pipeline: Pipeline, jobs: readonly Job[]): PipelineState
}

/** Which of a commit's statuses a list shows. */
export interface StatusFilter {
  projectId: number
  sha: string
  ref?: string
  stage?: string
  name?: string
  /** Also those replaced by a newer one. */
  all: boolean
}

/** How the domain reaches stored commit statuses. */
export interface CommitStatusStore {
  /** The newest pipeline of the commit (that pipeline only, when an id is given). */
  newestPipeline(
    projectId: number,
    sha: string,
    pipelineId: number | null,
  ): Promise<Pipeline | undefined>
  /**
   * Records the report under a per-commit lock, in one transaction with its
   * pipeline's new state (and the pipeline, created when none matches);
   * undefined when `pipelineId` names no pipeline of the commit and ref.
   */
  record(
    report: StatusReport,
    decide: StatusDecisions,
  ): Promise<{ status: CommitStatus; pipeline: Pipeline; created: boolean } | undefined>
  list(filter: StatusFilter, window: Window): Promise<{ statuses: CommitStatus[]; total: number }>
}
