/**
 * How the domain reaches its data: one port per aggregate, and the
 * transaction that groups them. store/ implements these (createStores); the
 * domain imports no store, no Kysely and no SQL.
 */
import type { IssuesPort } from './issue.js'
import type { HookEvent } from '@suite/runtime'
import type { ProjectAccessFacts } from './access-facts.js'
import type {
  ApprovalsPort,
  AwardEmojiPort,
  BlocksPort,
  NotesPort,
  SubscriptionsPort,
  TimelogsPort,
  TodosPort,
  Window,
} from './collaboration-ports.js'
import type { PersonRole } from './collaboration-records.js'
import type { Commit, DiffFile, DiffVersion, NewDiffVersion } from './diff-version.js'
import type {
  IssueEvent,
  MergeRequestEvent,
  ResourceState,
  ResourceLabelEvent,
  ResourceMilestoneEvent,
  ResourceStateEvent,
} from './event-records.js'
import type { Label } from './label.js'
import type { MergeRequestListQuery } from './list-conditions.js'
import type {
  BranchPair,
  MergedFields,
  MergeRequest,
  MergeRequestChanges,
  NewMergeRequest,
} from './merge-request.js'
import type { MergeStatusUpdate, StuckMergeRequests } from './merge-status-rules.js'
import type { Milestone, MilestoneListQuery, NewMilestone } from './milestone.js'

/** A new pipeline on a branch (a pipeline-created event). */
export interface BranchPipeline {
  projectId: number
  pipelineId: number
  ref: string
  sha: string
}

/** The pipeline a finished-pipeline event names. */
export interface FinishedPipeline {
  projectId: number
  pipelineId: number
  sha: string
}

/** Why a request's auto-merge ends, recorded as GitLab's merge_error when given. */
export interface AutoMergeCancel {
  /** Only while this pipeline still heads the request (the event's pipeline). */
  pipelineId?: number | undefined
  mergeError?: string | undefined
}

/** What is presented with a merge request besides its own row. */
export interface Presentation {
  labels: Label[]
  assigneeIds: number[]
  reviewerIds: number[]
  milestone: Milestone | undefined
  diff: DiffVersion | undefined
  /** Whether an open request blocks it. */
  blocked: boolean
  /** Whether a resolvable note is unresolved. */
  unresolvedNotes: boolean
  approvals: number
}

/** Merge requests: finding, writing and listing them, and their state changes. */
export interface MergeRequestsPort {
  /** The request `iid` of a project; none for an iid its integer column cannot hold. */
  findByIid(projectId: number, iid: number): Promise<MergeRequest | undefined>
  /** The project's newest merge request (by id), if it has any. */
  newestIn(projectId: number): Promise<MergeRequest | undefined>
  /** A merge request by its global id. */
  findById(id: number): Promise<MergeRequest | undefined>
  /** Requests by global id, in no particular order; unknown ids are left out. */
  findByIds(ids: readonly number[]): Promise<MergeRequest[]>
  /** The request created earlier with this idempotency key, if any. */
  findByIdempotencyKey(key: string): Promise<MergeRequest | undefined>
  /** An open request with the same source and target (validate_branches), other than `exceptId`. */
  findOpenWithBranches(
    pair: BranchPair,
    exceptId?: number,
  ): Promise<
    | {
        iid: number
      }
    | undefined
  >
  /**
   * Inserts a request with the project's next iid. A transaction-scoped
   * advisory lock per project serialises iid allocation (call inside a transaction).
   */
  insert(values: NewMergeRequest): Promise<MergeRequest>
  /** Applies the changes; the updated request. */
  update(id: number, changes: MergeRequestChanges): Promise<MergeRequest>
  /** Deletes a request (its people, labels, diffs and the rest cascade). */
  delete(id: number): Promise<void>
  /** One page of a list and the number of requests of the whole list. */
  list(query: MergeRequestListQuery): Promise<{
    rows: MergeRequest[]
    total: number
    totalUnknown: boolean
  }>
  /** Closes an opened request; the closed request, or undefined when it was no longer opened. */
  closeOpened(id: number, closedById: number | null): Promise<MergeRequest | undefined>
  /** Marks an opened request merged; the merged request, or undefined when it was no longer opened. */
  markMerged(id: number, fields: MergedFields): Promise<MergeRequest | undefined>
  /** Stores why a merge failed (GitLab's merge_error). */
  setMergeError(id: number, mergeError: string): Promise<void>
  /** A new branch pipeline heads the opened requests whose head it ran on; their ids. */
  setBranchHeadPipeline(pipeline: BranchPipeline): Promise<number[]>
  /** Sets the request's head pipeline. */
  setHeadPipeline(id: number, pipelineId: number): Promise<void>
  /**
   * Makes `pipelineId` the head pipeline of an opened request while its head
   * pipeline is still `seen` (what the caller read before it looked for the
   * pipeline) or an older one, so a newer pipeline set meanwhile stays; true
   * when it was written.
   */
  replaceHeadPipeline(id: number, pipelineId: number, seen: number | null): Promise<boolean>
  /** Sets auto-merge (merge_when_pipeline_succeeds) by `userId`; the updated request. */
  setAutoMerge(
    id: number,
    userId: number,
    squash: boolean,
    shouldRemoveSourceBranch?: boolean,
  ): Promise<MergeRequest | undefined>
}

export interface MergeStatusPort {
  /**
   * Writes a merge status, only while the row still has `expected` (so a push
   * that reset the status meanwhile wins); true when the row was written.
   */
  update(id: number, expected: string, update: MergeStatusUpdate): Promise<boolean>
  /**
   * Opened merge requests whose source branch (in its source project) or target
   * branch (in its target project) is `branch` of `projectId`, by id.
   */
  findOpenedForBranch(projectId: number, branch: string): Promise<MergeRequest[]>
  /** Up to `limit` opened requests from this project into another one (a fork's), by id. */
  findOpenedFromFork(projectId: number, limit: number): Promise<MergeRequest[]>
  /**
   * Opened merge requests left behind: never tried for a diff version (an
   * enqueue lost in a crash), or waiting for a merge status check, for longer
   * than `before` allows. Both scans read partial indexes.
   */
  findStuck(before: Date, limit: number): Promise<StuckMergeRequests>
  /** Records that diff collection ran for the request, whatever its outcome. */
  markDiffCollectionAttempted(id: number): Promise<void>
}

/** The assignees and reviewers of merge requests, in their order. */
export interface PeoplePort {
  /** Replaces a request's assignees or reviewers, keeping the given order. */
  set(role: PersonRole, mergeRequestId: number, userIds: readonly number[]): Promise<void>
  /** Assignees or reviewers of each request, in their order. */
  load(role: PersonRole, mergeRequestIds: readonly number[]): Promise<Map<number, number[]>>
}

/** Project labels and the labels of merge requests. */
export interface LabelsPort {
  /**
   * The project's labels with these titles, created (with `color`) where
   * missing (Labels::FindOrCreateService); an existing label that differs only
   * in case is reused. In the order of `titles`.
   */
  findOrCreate(projectId: number, titles: readonly string[], color: string): Promise<Label[]>
  /** The label ids of a request. */
  idsOf(mergeRequestId: number): Promise<number[]>
  /** Replaces a request's labels. */
  setIds(mergeRequestId: number, labelIds: readonly number[]): Promise<void>
  /** Existing project labels with these titles (any case), for remove_labels. */
  findByTitles(projectId: number, titles: readonly string[]): Promise<Label[]>
  /** One page of a project's labels by title, with the total. */
  listInProject(
    projectId: number,
    search: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{
    labels: Label[]
    total: number
  }>
}

/** Project milestones. */
export interface MilestonesPort {
  /** Milestones by id. */
  findByIds(ids: readonly number[]): Promise<Milestone[]>
  /** A project's milestone with this title, if any. */
  findByTitle(projectId: number, title: string): Promise<Milestone | undefined>
  /** Inserts a milestone with the project's next iid (call inside a transaction). */
  insert(values: NewMilestone): Promise<Milestone>
  /** One page of a project's milestones in MilestonesFinder's order (due date, nulls last; title), with the total. */
  list(query: MilestoneListQuery): Promise<{
    milestones: Milestone[]
    total: number
  }>
}

export interface DiffsPort {
  /**
   * Records a version and points the merge request at it (prepared_at is set
   * by the first one), in one transaction. The same (head, start) pair recorded
   * again stores nothing new: `created` is false and the existing version
   * becomes the latest.
   */
  record(version: NewDiffVersion): Promise<{
    id: number
    created: boolean
  }>
  /** Every version of a merge request, newest first. */
  listVersions(mergeRequestId: number): Promise<DiffVersion[]>
  /** One version of the merge request, or undefined. */
  findVersion(mergeRequestId: number, versionId: number): Promise<DiffVersion | undefined>
  /** A version's stored commits (as recorded: newest first). */
  listCommits(diffId: number): Promise<Commit[]>
  /** Whether a version holds any commit. */
  hasCommits(diffId: number): Promise<boolean>
  /** A version's files in order; a page of them when `page` is given. */
  listFiles(
    diffId: number,
    page?: {
      offset: number
      limit: number
    },
  ): Promise<DiffFile[]>
  /** How many files a version holds. */
  countFiles(diffId: number): Promise<number>
}

/**
 * Everything presented with merge requests, in one statement per page:
 * labels, assignees, reviewers, milestone, latest diff version, whether an
 * open request blocks each, and approval counts (instead of one query per kind).
 */
export interface PresentationPort {
  loadFor(ids: readonly number[]): Promise<Map<number, Presentation>>
}

/** The rebase job of a merge request (GitLab's rebase_jid). */
export interface RebasesPort {
  /**
   * Marks an opened request with a new job, unless a job asked for after
   * `runningSince` holds it; true when marked.
   */
  start(id: number, jid: string, runningSince: Date): Promise<boolean>
  /** Whether the job is still the request's. */
  isCurrent(id: number, jid: string): Promise<boolean>
  /** Clears the job if it is still the request's; a message becomes merge_error. */
  finish(id: number, jid: string, mergeError: string | undefined): Promise<void>
}

export interface AutoMergePort {
  /**
   * The opened requests of the project with auto-merge set whose head
   * pipeline is this one and whose latest diff ends at its commit (GitLab's
   * diff_head_pipeline: a pipeline of another commit decides nothing).
   */
  findWaitingFor(pipeline: FinishedPipeline): Promise<MergeRequest[]>
  /**
   * AutoMerge::BaseService#cancel_auto_merge: auto-merge off, no merge user,
   * the merge call's should_remove_source_branch dropped (merge_params). An
   * opened request only; true when it had auto-merge set and now has not.
   */
  cancel(id: number, why?: AutoMergeCancel): Promise<boolean>
  /**
   * Runs `work` while holding the request's auto-merge lock (a transaction
   * scoped advisory lock: a crash releases it); undefined, without running
   * it, when another worker holds it.
   */
  withLock<T>(
    id: number,
    work: () => Promise<T>,
  ): Promise<
    | {
        done: T
      }
    | undefined
  >
}

/** A merge request's events of one kind, read by page (label and milestone events). */
export interface ResourceEventsReader<T> {
  /** One page of the request's events by id, and their total. */
  list(mergeRequestId: number, window: Window): Promise<{ events: T[]; total: number }>
  find(mergeRequestId: number, id: number): Promise<T | undefined>
}

export interface LabelEventsPort extends ResourceEventsReader<ResourceLabelEvent> {
  /** Records labels added and removed; write them in the change's transaction. */
  add(
    mergeRequestId: number,
    userId: number | null,
    changes: readonly { labelId: number; action: 'add' | 'remove' }[],
  ): Promise<void>
}

export interface MilestoneEventsPort extends ResourceEventsReader<ResourceMilestoneEvent> {
  /** Records one milestone change; write it in the change's transaction. */
  add(
    mergeRequestId: number,
    userId: number | null,
    change: { milestoneId: number; action: 'add' | 'remove'; state: string },
  ): Promise<void>
}

export interface StateEventsPort {
  /** Records one event; write it in the state change's transaction. */
  add(mergeRequestId: number, userId: number | null, state: ResourceState): Promise<void>
  /** One page of the request's events by id, and their total. */
  list(
    mergeRequestId: number,
    window: Window,
  ): Promise<{
    events: ResourceStateEvent[]
    total: number
  }>
  find(mergeRequestId: number, id: number): Promise<ResourceStateEvent | undefined>
}

/** The access facts read model: who may read merge requests in each project. */
export interface AccessFactsPort {
  /** Stores projects' access facts, each only when newer than the stored one. */
  save(facts: readonly ProjectAccessFacts[]): Promise<void>
  /** Projects that have merge requests but no access facts yet, oldest ids first. */
  findProjectsWithout(limit: number): Promise<number[]>
}

/**
 * The transactional outbox of activity events: written in the transaction of
 * the change that causes them, drained to the queue by the relay.
 */
export interface EventOutboxPort {
  /** Records a merge request's or an issue's event; a second record with the same key is ignored. */
  add(event: MergeRequestEvent | IssueEvent): Promise<void>
}

/**
 * The transactional outbox of webhook events: written in the transaction of
 * the change that causes them, drained to the projects service's hook event
 * queue by the relay.
 */
export interface HookEventOutboxPort {
  /** Records an event; the same event (uuid) twice is recorded once. */
  add(event: HookEvent): Promise<void>
}

/**
 * A merge request pipeline asked for (GitLab's MergeRequests::CreatePipelineWorker
 * arguments): by the request's open, or by a push of `sha` to its source branch.
 */
export interface PipelineAsk {
  mergeRequestId: number
  /** Who opened the request or pushed: the pipeline's user. */
  userId: number
  /** The source head the push moved to; absent for the open (the diff head then). */
  sha?: string | undefined
}

/**
 * The outbox of merge request pipelines asked for: written in the
 * transaction of the open (or by the branch update's job), drained to the
 * worker's queue by the relay.
 */
export interface PipelineAskOutboxPort {
  /** Records an ask; the same ask (request and head) twice is recorded once. */
  add(ask: PipelineAsk): Promise<void>
}

/** Everything the domain reaches data through, one port per aggregate. */
export interface Stores {
  mergeRequests: MergeRequestsPort
  /** Merge status checks and the background work's scans. */
  mergeStatus: MergeStatusPort
  /** Assignees and reviewers. */
  people: PeoplePort
  labels: LabelsPort
  milestones: MilestonesPort
  diffs: DiffsPort
  blocks: BlocksPort
  approvals: ApprovalsPort
  /** Auto-merge as the pipeline-finished worker carries it out. */
  autoMerge: AutoMergePort
  /** PUT .../rebase's jobs. */
  rebases: RebasesPort
  /** What is presented with merge requests, in one statement. */
  presentation: PresentationPort
  awardEmoji: AwardEmojiPort
  notes: NotesPort
  /** Closes, reopens and merges; write them in the state change's transaction. */
  stateEvents: StateEventsPort
  /** Labels added and removed; write them in the change's transaction. */
  labelEvents: LabelEventsPort
  /** Milestones set and removed; write them in the change's transaction. */
  milestoneEvents: MilestoneEventsPort
  subscriptions: SubscriptionsPort
  todos: TodosPort
  timelogs: TimelogsPort
  /** The projects' access facts read model. */
  accessFacts: AccessFactsPort
  /** Activity events waiting for the queue; write them in the change's transaction. */
  outbox: EventOutboxPort
  /** Webhook events waiting for the queue; write them in the change's transaction. */
  hookEvents: HookEventOutboxPort
  /** Merge request pipelines asked for; write them in the change's transaction. */
  pipelineAsks: PipelineAskOutboxPort
  /** Issues, their assignees and labels. */
  issues: IssuesPort
  /** Runs fn in one transaction (or in the current one when already inside). */
  transaction<T>(fn: (stores: Stores) => Promise<T>): Promise<T>
}
