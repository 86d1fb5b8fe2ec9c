import type { AccessLevel } from '@suite/proto'
import type { AvatarChange, StoredAvatar } from './avatar.js'
import type { Caller } from './caller.js'
import type { Hook, HookLog, HookValues } from './hook.js'
import type { InitialCommit, ObjectFormat } from './initial-content.js'
import type { PageQuery, ProjectFilter, Viewer } from './list-query.js'
import type { Memberships } from './project-grant.js'
import type { ChangedProject, NewProject, Project, ProjectNamespace } from './project.js'
import type { ProtectedBranch, ProtectedBranchValues } from './protected-branch.js'
import { type VisibilityName } from '@suite/runtime'

/** A namespace as seen by the caller, with what creating a project in it needs. */
export interface NamespaceForCreate {
  namespace: ProjectNamespace
  visibility: VisibilityName
  /**
   * For a group: identity's GroupPolicy answer to :create_projects (the
   * group's project_creation_level applied). Unused for a user namespace,
   * whose owner creates (project-abilities.ts mayCreateInNamespace).
   */
  mayCreateProjects: boolean
  /** The caller's level in the namespace (Owner for the owner of a user namespace). */
  callerLevel: number
}

/** What projects needs of identity. */
export interface IdentityPort {
  /** Every unexpired direct membership of a user, with its custom role's permissions. */
  memberships(userId: number): Promise<Memberships>
  /** A namespace the caller can see, else undefined. */
  namespace(caller: Caller, id: number): Promise<NamespaceForCreate | undefined>
  /** A namespace the caller can see, by full path, else undefined. */
  namespaceByPath(caller: Caller, fullPath: string): Promise<NamespaceForCreate | undefined>
  /** A user's personal namespace, else undefined. */
  personalNamespace(caller: Caller, userId: number): Promise<NamespaceForCreate | undefined>
  /** A user's projects_limit and personal namespace, else undefined (no such user). */
  projectsLimitOf(
    userId: number,
  ): Promise<{ projectsLimit: number; namespaceId: number } | undefined>
  /** Adds a project membership on the system's behalf; `actorId` is recorded as who added it. */
  addProjectMember(
    actorId: number,
    projectId: number,
    namespaceId: number,
    userId: number,
    accessLevel: AccessLevel,
  ): Promise<void>
  /** Removes a project membership on the system's behalf; a missing one is not an error. */
  removeProjectMember(actorId: number, projectId: number, userId: number): Promise<void>
}

/** What projects needs of the repository role. */
export interface RepositoryPort {
  /** Creates the bare repository; with an initial commit, its files on the default branch. */
  createRepository(input: {
    projectId: number
    fullPath: string
    defaultBranch: string
    objectFormat: ObjectFormat
    initialCommit: InitialCommit | undefined
    authorId: number
  }): Promise<void>
  /** Points HEAD at an existing branch; false when the repository has no such branch. */
  setDefaultBranch(projectId: number, branch: string): Promise<boolean>
  /** Removes the bare repository, if there is one. */
  deleteRepository(projectId: number): Promise<void>
  /** Copies the source project's repository (branches, tags, HEAD) as the target's. */
  forkRepository(sourceProjectId: number, targetProjectId: number): Promise<void>
}

/** Everything the use cases reach outside the database. */
export interface Ports {
  identity: IdentityPort
  repository: RepositoryPort
  /** The instance's settings; without them GitLab's defaults apply. */
  settings?: ApplicationSettingsStore
}

/** How the domain reaches projects, their settings, topics and avatars (store/projects.store.ts). */
export interface ProjectStore {
  findById(id: number): Promise<Project | undefined>
  findByFullPath(fullPath: string): Promise<Project | undefined>
  findMany(ids: readonly number[]): Promise<Project[]>
  /** Whether a path (any case) or a name is taken in a namespace by another project. */
  taken(
    namespaceId: number,
    name: string,
    path: string,
    exceptId?: number,
  ): Promise<{ name: boolean; path: boolean }>
  /** How many projects (not pending deletion) a namespace holds directly. */
  countInNamespace(namespaceId: number): Promise<number>
  list(
    filter: ProjectFilter,
    viewer: Viewer,
    page: PageQuery,
  ): Promise<{ projects: Project[]; total: number | undefined; more: boolean }>
  /**
   * Inserts a project with its topics, avatar, `created` event and a queued
   * publication of its access facts, in one transaction.
   */
  insert(
    project: NewProject,
    topics: readonly string[],
    authorId: number,
    avatar?: AvatarChange,
  ): Promise<number>
  /** Undoes insert: the project row and its events, in one transaction. */
  deleteCreated(id: number): Promise<void>
  /**
   * Writes a project's new state (and topics and avatar when given); with
   * `accessFactsChanged`, the publication of its access facts is queued in
   * the same transaction.
   */
  update(
    project: ChangedProject,
    topics: readonly string[] | undefined,
    avatar?: AvatarChange,
    accessFactsChanged?: boolean,
  ): Promise<void>
  /** A project's avatar image, if it has one. */
  avatar(projectId: number): Promise<StoredAvatar | undefined>
}

/** How the domain reaches a project's hooks and their delivery logs (store/hooks.store.ts). */
export interface HookStore {
  find(projectId: number, hookId: number): Promise<Hook | undefined>
  create(projectId: number, values: HookValues): Promise<Hook>
  update(hookId: number, values: HookValues): Promise<Hook>
  delete(hookId: number): Promise<void>
  findLog(hookId: number, logId: number): Promise<HookLog | undefined>
  /** The instance's allow_local_requests_from_web_hooks_and_services. */
  allowLocalRequests(): Promise<boolean>
}

/** How the domain reaches protected branch rules (store/protected-branches.store.ts). */
export interface ProtectedBranchStore {
  list(projectId: number): Promise<ProtectedBranch[]>
  find(projectId: number, name: string): Promise<ProtectedBranch | undefined>
  /** The new rule, or undefined when the project already has one of that name. */
  insert(
    projectId: number,
    name: string,
    values: ProtectedBranchValues,
  ): Promise<ProtectedBranch | undefined>
  update(
    projectId: number,
    name: string,
    values: Partial<ProtectedBranchValues>,
  ): Promise<ProtectedBranch | undefined>
  delete(projectId: number, name: string): Promise<boolean>
}

/** The push or tag push payload a hook test sends, built by the repository role. */
export type SamplePushHook = (input: {
  projectId: number
  fullPath: string
  userId: number
  tag: boolean
}) => Promise<Record<string, unknown>>

/** One webhook request, as the delivery sends it (clients/hook-request.ts). */
export interface HookRequest {
  url: string
  headers: Record<string, string>
  body: string
  enableSslVerification: boolean
  allowLocal: boolean
  timeoutMs: number
}

export interface HookResponse {
  /** An HTTP status code, or "internal error" when no response came. */
  status: string
  headers: Record<string, string>
  body: string
  /** Seconds. */
  duration: number
  internalError: string | undefined
  /** 2xx or 3xx. */
  ok: boolean
}

/** A user's star on a project (GitLab's UsersStarProject). */
export interface Star {
  userId: number
  createdAt: Date
}

/** How the domain reaches stars (store/stars.store.ts); star_count follows in the same transaction. */
export interface StarStore {
  /** Adds the star; false when the user had already starred the project. */
  star(userId: number, projectId: number): Promise<boolean>
  /** Removes the star; false when the user had not starred the project. */
  unstar(userId: number, projectId: number): Promise<boolean>
  /** The project's stars, oldest first. */
  list(projectId: number): Promise<Star[]>
}

/** The instance's ApplicationSetting row: the values set over the defaults, by GitLab's name. */
export interface ApplicationSettingsStore {
  stored(): Promise<{ values: Record<string, unknown>; createdAt: Date; updatedAt: Date }>
  update(changes: Readonly<Record<string, unknown>>): Promise<void>
}
