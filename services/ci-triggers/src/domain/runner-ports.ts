import type { Job } from './job.js'
import type { Pipeline } from './pipeline.js'
import type { RequestVariable } from './pipeline-request.js'
import type { Window } from './ports.js'
import type { Runner, RunnerContact, RunnerSettings, RunnerType } from './runner.js'

/** A runner to store with its token's digest. */
export interface NewRunner {
  runnerType: RunnerType
  settings: RunnerSettings
  groupId: number | null
  groupPath: string | null
  creatorId: number | null
  projectIds: number[]
  tokenDigest: string
  contact: RunnerContact | null
}

/** Filters of a runner list; absent ones do not filter. */
export interface RunnerFilter {
  /** Only runners of these projects (project runners). */
  projectIds?: readonly number[]
  /** Also instance runners (with projectIds: the runners a project can use). */
  includeInstance?: boolean
  runnerType?: RunnerType
  paused?: boolean
  tagList?: readonly string[]
  /** Contacted since (online). */
  contactedAfter?: Date
  /** Not contacted since, or never (offline, stale). */
  contactedBefore?: Date
  neverContacted?: boolean
}

/** How the domain reaches stored runners. */
export interface RunnerStore {
  create(runner: NewRunner): Promise<Runner>
  find(id: number): Promise<Runner | undefined>
  findByIds(ids: readonly number[]): Promise<Runner[]>
  findByTokenDigest(digest: string): Promise<Runner | undefined>
  list(filter: RunnerFilter, window: Window): Promise<{ runners: Runner[]; total: number }>
  update(id: number, settings: RunnerSettings): Promise<Runner | undefined>
  delete(id: number): Promise<boolean>
  /** Records the runner's latest contact and what it said of itself. */
  contacted(id: number, contact: RunnerContact, at: Date): Promise<void>
}

/** A job a runner took, with what its payload is made of. */
export interface ClaimedJob {
  job: Job
  pipeline: Pipeline
  /** The CI_* variables the pipeline was created with. */
  predefinedVariables: Record<string, string>
  /** The variables the pipeline was created with (API, trigger, form). */
  pipelineVariables: RequestVariable[]
}

/** What a claim writes on the job it takes. */
export interface Claim {
  runner: Runner
  tokenDigest: string
  systemId: string | null
  /** The job's timeout in seconds, from its options and the runner's maximum. */
  timeoutFor: (job: Job) => number
}

/** A log append: the bytes and where the runner says they start. */
export interface TraceAppend {
  jobId: number
  content: Buffer
  /** Null: at the end. */
  offset: number | null
  maxBytes: number
}

export type TraceAppendResult =
  | { kind: 'appended'; length: number }
  | { kind: 'range'; length: number }
  | { kind: 'too_large'; length: number }

/** A running job's deadline, queued when a runner takes it. */
export interface JobDeadline {
  jobId: number
  /** Epoch milliseconds: after it, a job still running is failed. */
  at: number
}

/** The queue of jobs and their logs. */
export interface JobQueueStore {
  /**
   * Takes the oldest pending job the runner may run (row lock, SKIP LOCKED:
   * one job, one runner), marks it running with its token, and queues its
   * deadline in the same transaction; undefined when none.
   */
  claim(claim: Claim, deadlineGraceSeconds: number): Promise<ClaimedJob | undefined>
  /** A value that changes whenever the set of pending jobs changes. */
  queueVersion(): Promise<string>
  findJob(id: number): Promise<Job | undefined>
  findJobByTokenDigest(digest: string): Promise<Job | undefined>
  appendTrace(append: TraceAppend): Promise<TraceAppendResult>
  trace(jobId: number): Promise<Buffer>
}

/** What a project admits in its job token scope (Ci::JobToken::Scope, inbound). */
export interface InboundScope {
  /** ci_inbound_job_token_scope_enabled: false admits every project. */
  enabled: boolean
  projectIds: number[]
  groupIds: number[]
}

/** A project's job token scope: its switch and its project and group allowlists. */
export interface JobTokenScopeStore {
  inbound(projectId: number): Promise<InboundScope>
  setInboundEnabled(projectId: number, enabled: boolean): Promise<void>
  /** The projects whose job tokens may reach `projectId`. */
  allowlist(projectId: number): Promise<number[]>
  /** False when it was there already. */
  addToAllowlist(projectId: number, sourceProjectId: number): Promise<boolean>
  /** False when it was not there. */
  removeFromAllowlist(projectId: number, sourceProjectId: number): Promise<boolean>
  /** The groups whose projects' job tokens may reach `projectId`. */
  groupAllowlist(projectId: number): Promise<number[]>
  /** False when it was there already. */
  addGroupToAllowlist(projectId: number, groupId: number): Promise<boolean>
  /** False when it was not there. */
  removeGroupFromAllowlist(projectId: number, groupId: number): Promise<boolean>
}
