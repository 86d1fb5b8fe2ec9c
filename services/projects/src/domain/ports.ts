import type { AccessLevel } from '@suite/proto'
import type { Caller } from './caller.js'
import type { InitialCommit, ObjectFormat } from './initial-content.js'
import type { Memberships } from './project-grant.js'
import type { ProjectNamespace } from './project.js'
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
  /** A user's personal namespace, else undefined. */
  personalNamespace(caller: Caller, userId: number): Promise<NamespaceForCreate | undefined>
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
}

/** Everything the use cases reach outside the database. */
export interface Ports {
  identity: IdentityPort
  repository: RepositoryPort
}
