import type { Caller } from './caller.js'
import type { Job, NewJob } from './job.js'
import type { Pipeline, PipelineSource, PipelineStatus, PipelineUpstream } from './pipeline.js'
import type { PipelineHookFacts } from './pipeline-hook.js'
import type { PipelineRequest, RequestVariable } from './pipeline-request.js'
import type { ResolvedRef } from './resolved-ref.js'

export type { CommitFacts, ResolvedRef } from './resolved-ref.js'

/** A pipeline to store; the store allocates its id and per-project iid. */
export interface NewPipeline {
  projectId: number
  sha: string
  ref: string
  status: PipelineStatus
  source: PipelineSource
  userId: number | null
  startedAt: Date | null
  finishedAt: Date | null
  committedAt: Date | null
  duration: number | null
  beforeSha: string
  tag: boolean
  mergeRequestId: number | null
  /** Null when the caller gave none; otherwise one pipeline per key. */
  idempotencyKey: string | null
  triggerId: number | null
  /** An invalid configuration's errors (the pipeline is then failed). */
  yamlErrors: string | null
  failureReason: string | null
  /** workflow:name. */
  name: string | null
  /** The running job whose token triggered it. */
  upstream: PipelineUpstream | null
  /** The CI_* variables it was created with, handed to its jobs. */
  predefinedVariables: Record<string, string>
}

/** Filters of a project's pipeline list; absent ones do not filter. */
export interface PipelineFilter {
  projectId: number
  mergeRequestId?: number
  /** With mergeRequestId: the request's pipelines in these projects count too (a fork's). */
  mergeRequestProjectIds?: readonly number[]
  /**
   * With mergeRequestId: also this branch's pipelines for these commits, in
   * `projectId` (a fork's request: its source project) or the filter's project.
   */
  branchCommits?: { branch: string; shas: readonly string[]; projectId?: number }
  ref?: string
  sha?: string
  /** running, pending, finished, branches (latest per branch), tags (latest per tag). */
  scope?: 'running' | 'pending' | 'finished' | 'branches' | 'tags'
  status?: PipelineStatus
  source?: PipelineSource
  userId?: number
  updatedAfter?: Date
  updatedBefore?: Date
  /** true: only those with configuration errors; false: only those without. */
  yamlErrors?: boolean
}

/** A pipeline list's order (GitLab's order_by and sort). */
export interface PipelineOrder {
  by: 'id' | 'status' | 'ref' | 'updated_at' | 'user_id'
  direction: 'asc' | 'desc'
}

/** Which jobs of a pipeline a list shows. */
export interface JobFilter {
  /** Only these statuses; empty: all. */
  statuses: readonly Job['status'][]
  includeRetried: boolean
}

export interface Window {
  limit: number
  offset: number
}

/** What is stored with a new pipeline, and what processes it in the same transaction. */
export interface PipelineContents {
  jobs: readonly NewJob[]
  variables: readonly RequestVariable[]
  /** Runs on the new pipeline, locked, before the transaction commits. */
  process?: (locked: LockedPipeline) => Promise<Pipeline>
}

/** How the domain reaches stored pipelines. */
export interface PipelineStore {
  /** Inserts, or answers the pipeline already stored under the same idempotency key. */
  create(
    pipeline: NewPipeline,
    contents?: PipelineContents,
  ): Promise<{ pipeline: Pipeline; created: boolean }>
  findInProject(projectId: number, id: number): Promise<Pipeline | undefined>
  findByIds(ids: readonly number[]): Promise<Pipeline[]>
  /** In `order` (newest first by default), with the count of every match. */
  list(
    filter: PipelineFilter,
    window: Window,
    order?: PipelineOrder,
  ): Promise<{ pipelines: Pipeline[]; total: number }>
  /** The newest pipeline of a ref. */
  latest(projectId: number, ref: string): Promise<Pipeline | undefined>
  /** What the webhook payload of the project's newest pipeline (by id) is made of. */
  newestHookFacts(projectId: number): Promise<PipelineHookFacts | undefined>
  /** A pipeline's jobs, newest first, with the count of every match. */
  jobs(
    pipelineId: number,
    filter: JobFilter,
    window: Window,
  ): Promise<{ jobs: Job[]; total: number }>
  findJob(projectId: number, id: number): Promise<Job | undefined>
  variables(pipelineId: number): Promise<RequestVariable[]>
  /** Runs `work` on the pipeline under its row lock; undefined when it does not exist. */
  withLocked<T>(
    projectId: number,
    id: number,
    work: (locked: LockedPipeline) => Promise<T>,
  ): Promise<T | undefined>
  /** Removes a pipeline with its jobs and variables; false when there was none. */
  delete(projectId: number, id: number): Promise<boolean>
  /** The user's cancelable pipelines with ids above `afterId`, by id, at most `limit`. */
  cancelableOfUser(
    userId: number,
    afterId: number,
    limit: number,
  ): Promise<{ projectId: number; id: number }[]>
}

/** A project as ci-triggers needs it, answered by the projects service. */
export interface ProjectFacts {
  id: number
  fullPath: string
  /** The project's display name (Project#name). */
  name: string
  /** Null for a project without a repository or branches. */
  defaultBranch: string | null
  /** The project's ci_config_path setting; null for the default .gitlab-ci.yml. */
  ciConfigPath: string | null
  /** The groups the project is in, from the root down; empty in a personal namespace. */
  groupIds: readonly number[]
}

/** Whether a group exists and the caller may read it. */
export type GroupReach = 'missing' | 'hidden' | 'readable'

/** How ci-triggers learns who may do what in a project (projects and identity decide). */
export interface AccessPort {
  /**
   * A user as a caller in a project named by id or full path, as the projects
   * service computes it for them; undefined when the user is unknown or
   * blocked, or cannot read the project (or it does not exist).
   */
  callerFor(
    userId: number,
    project: { id: number } | { fullPath: string },
  ): Promise<{ caller: Caller; project: ProjectFacts } | undefined>
  /** A project by id, without a permission check; undefined when it does not exist. */
  project(projectId: number): Promise<ProjectFacts | undefined>
  /** A group as identity answers it for the caller (GroupPolicy read_group). */
  groupReach(caller: Caller, groupId: number): Promise<GroupReach>
}

/** The projects service's repository role, as pipeline creation needs it. */
export interface RepositoryPort {
  /** A branch (first) or tag name to its commit; undefined when it is neither. */
  resolveRef(projectId: number, ref: string): Promise<ResolvedRef | undefined>
  /** The text of a file at a commit; undefined when the file (or commit) does not exist. */
  readFile(projectId: number, sha: string, path: string): Promise<string | undefined>
  /** Points refs/pipelines/<pipelineId> at `sha` (GitLab's persistent pipeline ref). */
  keepPipelineRef(projectId: number, pipelineId: number, sha: string): Promise<void>
}

/** Builds and stores a pipeline from the repository's CI configuration. */
export interface PipelineCreator {
  /** Throws InvalidError ({base: [...]}) when GitLab would not persist the pipeline. */
  create(request: PipelineRequest): Promise<Pipeline>
}

/** A job's new status and the timestamps that change with it. */
export interface JobChange {
  id: number
  status: Job['status']
  /** Set when it becomes pending. */
  queuedAt: Date | null
  /** Set when it is canceled or finishes. */
  finishedAt: Date | null
  /** Set when a runner reports it failed. */
  failureReason?: string | null
  exitCode?: number | null
  /** Set when an allow_failure:exit_codes match lets it fail. */
  allowFailure?: boolean
}

/** A pipeline's status with the timestamps derived from it. */
export interface PipelineState {
  status: PipelineStatus
  startedAt: Date | null
  finishedAt: Date | null
  duration: number | null
  queuedDuration: number | null
}

/**
 * A pipeline held under its row lock for one transaction, with its latest
 * jobs (not those replaced by a retry), so that processing never races itself.
 */
export interface LockedPipeline {
  pipeline: Pipeline
  jobs: Job[]
  updateJobs(changes: readonly JobChange[]): Promise<void>
  /** Marks the jobs retried and answers their created copies. */
  retryJobs(ids: readonly number[]): Promise<Job[]>
  updatePipeline(state: PipelineState): Promise<Pipeline>
}
