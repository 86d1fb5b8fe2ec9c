/**
 * What the merge requests domain needs from outside itself: its data (the
 * store ports of store-ports.ts, which store/ implements), the other services
 * (projects, the repository role, identity, ci-triggers) and the work queues
 * (clients/ and workers/ implement these). deps.ts wires them.
 */
import type { Logger, PageRequest } from '@suite/runtime'
import type { AbilityScope } from './access-facts.js'
import type { Caller, ProjectGrants } from './caller.js'
import type { Commit, DiffFile } from './diff-version.js'
import type { Project } from './project.js'
import type { Stores } from './store-ports.js'

export type * from './collaboration-ports.js'
export type * from './store-ports.js'

/** What merge requests need of the projects service. */
export interface ProjectsPort {
  /**
   * The projects among `ids` the projects service knows, in any order. Every
   * project it answers has its access facts recorded in the read model.
   */
  findProjects(ids: readonly number[], caller?: Caller): Promise<Project[]>
  /**
   * Whether the projects service gives the caller read_merge_request in the
   * project; false when it answers that the project is unknown or unreadable.
   */
  canReadMergeRequests(caller: Caller | undefined, projectId: number): Promise<boolean>
  /** The caller's side of the lists that span projects, for read_merge_request. */
  readMergeRequestScope(caller: Caller | undefined): Promise<AbilityScope>
  /** The caller's side of the issue lists that span projects, for read_issue. */
  readIssueScope(caller: Caller | undefined): Promise<AbilityScope>
  /**
   * The caller's abilities in the project, as the projects service decides
   * them; undefined when it answers that the project is unknown or unreadable.
   */
  findGrants(caller: Caller, projectId: number): Promise<ProjectGrants | undefined>
}

/** A comparison of two commits, within the diff limits asked for. */
export interface Comparison {
  commits: Commit[]
  diffs: DiffFile[]
  /** The limits cut the diffs. */
  overflow: boolean
  /** How many files changed, cut or not. */
  realSize: number
  /** git patch-id of the diff; '' when there is none. */
  patchId: string
}

export interface CompareRequest {
  baseSha: string
  headSha: string
  /** Without GitLab's diff limits (access_raw_diffs); else within them. */
  unlimited: boolean
  skipCommits: boolean
}

export type MergeMethod = 'merge' | 'rebase_merge' | 'ff'

export interface MergeBranchRequest {
  projectId: number
  sourceBranch: string
  /** The source head the caller saw; the branch must still point there. */
  sourceSha: string
  targetBranch: string
  method: MergeMethod
  squash: boolean
  squashCommitMessage: string
  mergeCommitMessage: string
  authorName: string
  authorEmail: string
  removeSourceBranch: boolean
  /**
   * A fork's request: its iid, whose fetched refs/merge-requests/<iid>/head
   * is merged in place of a branch of the target repository.
   */
  forkMergeRequestIid?: number | undefined
}

/** Which fork branch to fetch into which merge request's ref. */
export interface SourceBranchFetch {
  sourceProjectId: number
  sourceBranch: string
  targetProjectId: number
  iid: number
}

/** A merge the repository made, or refused for a reason (conflict, not_fast_forward, moved, ...). */
export type MergeOutcome =
  | {
      kind: 'merged'
      /** The target's new head. */
      targetSha: string
      mergeCommitSha: string | undefined
      squashCommitSha: string | undefined
    }
  | { kind: 'refused'; reason: string }

/** What merge requests need of the repository role. */
export interface RepositoryPort {
  /**
   * The commit a SHA, branch or tag names, read for the caller (the role
   * checks read_code); undefined when it names none.
   */
  findCommit(
    caller: Caller | undefined,
    projectId: number,
    ref: string,
  ): Promise<Commit | undefined>
  /** The commit's changed files with their unified diff text, read for the caller. */
  commitDiffFiles(
    caller: Caller | undefined,
    projectId: number,
    sha: string,
  ): Promise<{ oldPath: string; newPath: string; diff: string }[]>
  /** The branch, with its head commit when the answer names one; undefined when the branch or repository is missing. */
  findBranch(projectId: number, name: string): Promise<{ head: string | undefined } | undefined>
  /** The merge-base of the revisions, if they have one. */
  findMergeBase(projectId: number, revisions: readonly string[]): Promise<string | undefined>
  compareCommits(projectId: number, request: CompareRequest): Promise<Comparison>
  /** base..head as one plain patch. */
  rawDiff(projectId: number, baseSha: string, headSha: string): Promise<Uint8Array>
  /** Whether the source merges into the target cleanly, and how far the source is behind. */
  checkMergeability(
    projectId: number,
    sourceSha: string,
    targetSha: string,
  ): Promise<{ conflicts: boolean; divergedCommitsCount: number }>
  /** Merges for the caller; a refusal is an outcome, any other failure throws. */
  mergeBranch(caller: Caller | undefined, request: MergeBranchRequest): Promise<MergeOutcome>
  /**
   * A fork's source branch fetched into the target project's repository as
   * refs/merge-requests/<iid>/head (MergeRequest#fetch_ref!): the commit it
   * names, undefined when the source branch is missing.
   */
  fetchSourceBranch(request: SourceBranchFetch): Promise<string | undefined>
  deleteBranch(caller: Caller | undefined, projectId: number, name: string): Promise<void>
  /**
   * The branch's protection rules let the caller merge into it (Branch.can_merge);
   * true for a missing branch, which no merge reaches.
   */
  mayMergeInto(caller: Caller | undefined, projectId: number, branch: string): Promise<boolean>
  /**
   * What the caller may do to the branch (Branch.can_push, can_merge: push
   * or merge, can_force_push) and whether it is protected; undefined when it is missing.
   */
  branchAccess(
    caller: Caller | undefined,
    projectId: number,
    branch: string,
  ): Promise<BranchAccess | undefined>
  /**
   * Writes the merge of a commit into a branch to the request's merge ref
   * (MergeToRef), as this service; a conflict (or a missing branch) is a refusal.
   */
  mergeToRef(
    request: MergeToRefRequest,
  ): Promise<{ kind: 'merged'; commitId: string } | { kind: 'refused' }>
  /** Rebases for the caller (RebaseBranch); a refusal (conflict, moved, not allowed) is an outcome. */
  rebaseBranch(caller: Caller, request: RebaseBranchRequest): Promise<RebaseOutcome>
}

/** What one caller may do to one branch, as its protection rules answer. */
export interface BranchAccess {
  protected: boolean
  canPush: boolean
  /** UserAccess#can_update_branch?: push or merge. */
  canMerge: boolean
  canForcePush: boolean
}

/** A queued rebase: which request, its job id, whose rebase, and GitLab's skip_ci. */
export interface RebaseJob {
  mergeRequestId: number
  jid: string
  userId: number
  skipCi: boolean
}

export interface MergeToRefRequest {
  projectId: number
  sourceSha: string
  targetBranch: string
  mergeRequestIid: number
  message: string
}

export interface RebaseBranchRequest {
  projectId: number
  branch: string
  expectedHead: string
  ontoBranch: string
  committerName: string
  committerEmail: string
  skipCi: boolean
  /** The project of ontoBranch (a fork's request: its target); projectId otherwise. */
  ontoProjectId: number
  /** The caller pushes through the request's allow_collaboration, not push_code. */
  viaCollaboration: boolean
}

export type RebaseOutcome = { kind: 'rebased'; head: string } | { kind: 'refused'; message: string }

/** A user who can act (GitLab's active state), with what a commit of theirs carries. */
export interface ActiveUser {
  id: number
  admin: boolean
  name: string
  /** The commit email, else the primary one. */
  commitEmail: string
}

/** What merge requests need of identity. */
export interface UsersPort {
  /** The user, when they exist and are active (not blocked, banned or deactivated). */
  findActiveUser(id: number): Promise<ActiveUser | undefined>
  /** The ids, among `ids`, of users that exist. */
  findUserIds(ids: readonly number[]): Promise<number[]>
  /** The id of the user with this username, as the caller may find them. */
  findUserIdByUsername(caller: Caller | undefined, username: string): Promise<number | undefined>
}

export interface NewPipeline {
  projectId: number
  sha: string
  ref: string
  source: string
  tag: boolean
  beforeSha: string
  mergeRequestId: number
  /** A retry with the same key answers the pipeline of the first try. */
  idempotencyKey: string
  /** What the configuration's rules read as CI_MERGE_REQUEST_* variables. */
  mergeRequest: {
    iid: number
    title: string
    sourceBranch: string
    targetBranch: string
    /** The request's project, whichever project the pipeline runs in. */
    targetProjectId: number
    sourceProjectId: number
    sourceBranchSha: string
    targetBranchSha: string
  }
}

/** What merge requests need of ci-triggers. */
export interface PipelinesPort {
  /** The commits and statuses of pipelines by id, in one call; unknown ids are left out. */
  findMany(ids: readonly number[]): Promise<Map<number, { sha: string; status: string }>>
  /** A page of a merge request's pipelines (ids, newest first) and their total. */
  listForMergeRequest(
    scope: RequestPipelinesScope,
    page: PageRequest,
  ): Promise<{ ids: number[]; total: number }>
  /** Creates a pipeline for the caller; its id. */
  create(caller: Caller | undefined, pipeline: NewPipeline): Promise<number>
  /**
   * Creates a pipeline for the caller unless ci-triggers refuses it as
   * GitLab saves none (no configuration file, no job for its source, no
   * permission); its id, or undefined when refused.
   */
  createIfConfigured(caller: Caller, pipeline: NewPipeline): Promise<number | undefined>
  /**
   * The newest of the request's pipelines at `sha` (GitLab's
   * MergeRequest#find_diff_head_pipeline) within `scope`.
   */
  newestAtHead(scope: RequestPipelinesScope, sha: string): Promise<number | undefined>
}

/**
 * Where a merge request's pipelines are (Ci::PipelinesForMergeRequestFinder):
 * its own pipelines in `projectIds` (its target, and its source when that is
 * a fork), and the source branch's pipelines at the request's commits in the
 * source project.
 */
export interface RequestPipelinesScope {
  mergeRequestId: number
  /** At least one project; the first is the one asked about. */
  projectIds: readonly [number, ...number[]]
  branch?: { projectId: number; branch: string; shas: readonly string[] } | undefined
}

/**
 * The merge-requests work queues. Each job is idempotent and queued at most
 * once per merge request at a time.
 */
export interface WorkQueues {
  /** A new diff version (after create, a push, a target-branch change); a status check follows. */
  enqueueDiffCollection(mergeRequestId: number): Promise<void>
  /** A merge status recheck. */
  enqueueMergeStatusCheck(mergeRequestId: number): Promise<void>
  /** A rebase asked for with PUT .../rebase (RebaseWorker). */
  enqueueRebase(job: RebaseJob): Promise<void>
}

/** Everything the use cases reach outside the database. */
export interface Ports {
  projects: ProjectsPort
  repository: RepositoryPort
  users: UsersPort
  pipelines: PipelinesPort
  queues: WorkQueues
}

/** The switches of the domain that the deployment sets. */
export interface MergeRequestsSettings {
  /** GitLab's restrict_merge_status_recheck feature flag. */
  restrictMergeStatusRecheck: boolean
  /** The instance's external URL (no trailing slash), for the URLs of webhook payloads. */
  externalUrl: string
}

/** What the domain, the rpc handlers and the workers of merge-requests are built from. */
export interface MergeRequestsDeps {
  stores: Stores
  ports: Ports
  logger: Logger
  settings: MergeRequestsSettings
}
