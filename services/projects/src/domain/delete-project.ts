import { ForbiddenError, NotFoundError } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { IdentityPort, ProjectStore } from './ports.js'
import { callerMemberships, findReadable } from './read-projects.js'

/** The mark that starts a deletion (ProjectDeletionsStore). */
export interface DeletionMark {
  markDeleted(projectId: number, deletedByUserId: number): Promise<boolean>
}

/**
 * DELETE /projects/:id (API::Projects, Projects::DestroyService): a project
 * the caller may not read is NOT_FOUND, one they may read without
 * :remove_project (Owner, an administrator, or a custom role granting it)
 * is PERMISSION_DENIED. The project is marked and its ProjectDeleted
 * message written in one transaction; what every service holds for it is
 * removed by their workers. A project already being deleted is NOT_FOUND,
 * as every read of it is.
 */
export async function deleteProject(
  store: Pick<ProjectStore, 'findById' | 'findByFullPath'>,
  mark: DeletionMark,
  identity: Pick<IdentityPort, 'memberships'>,
  caller: Caller,
  id: number,
): Promise<void> {
  const memberships = await callerMemberships(identity, caller)
  const { project, abilities } = await findReadable(store, caller, { id }, memberships)
  if (!abilities.removeProject) throw new ForbiddenError()
  if (!(await mark.markDeleted(project.id, caller.userId ?? 0))) {
    throw new NotFoundError('Project')
  }
}

/** What the cleanup of a deleted project works through, in the order it runs. */
export interface ProjectPurgePorts {
  rows: {
    state(projectId: number): Promise<'live' | 'pending' | 'gone'>
    purgeOwnRows(projectId: number): Promise<number>
    deleteRow(projectId: number): Promise<void>
  }
  /** Removes at most `limit` of the project's memberships; how many went. */
  deleteMembers(projectId: number, limit: number): Promise<number>
  /** Removes the bare repository; a missing one is fine. */
  deleteRepository(projectId: number): Promise<void>
}

const MEMBER_BATCH = 500

/**
 * The projects service's part of a deletion, idempotent and resumable: its
 * own rows in batches, the memberships (identity, in batches), the bare
 * repository, and the project row last, so a crash at any step leaves the
 * project marked and the job runs again from the top. A message for a
 * project that is not marked is ignored (nothing is removed from a live
 * project); one that is gone has had everything done but may have lost the
 * members or the repository to a crash, so those run again.
 */
export async function purgeProject(ports: ProjectPurgePorts, projectId: number): Promise<boolean> {
  const state = await ports.rows.state(projectId)
  if (state === 'live') return false
  if (state === 'pending') await ports.rows.purgeOwnRows(projectId)
  while ((await ports.deleteMembers(projectId, MEMBER_BATCH)) >= MEMBER_BATCH) {
    // Another batch.
  }
  await ports.deleteRepository(projectId)
  await ports.rows.deleteRow(projectId)
  return true
}

/** What deleting a group's projects works through. */
export interface GroupPurgePorts {
  /** Up to `limit` projects of the namespaces not marked yet. */
  liveProjectsIn(namespaceIds: readonly number[], limit: number): Promise<number[]>
  markDeleted(projectId: number, deletedByUserId: number): Promise<boolean>
  /** Has identity remove the group's memberships and namespaces. */
  purgeGroup(groupId: number): Promise<void>
}

const PROJECT_BATCH = 100

/**
 * The projects service's part of Groups::DestroyService: every project of the
 * group and its subgroups is deleted through the project deletion path (each
 * marked with its own ProjectDeleted message), then identity removes the
 * namespaces and their memberships. Idempotent: a crash part-way leaves
 * marked projects marked, and the job marks the rest when it runs again.
 */
export async function deleteGroupProjects(
  ports: GroupPurgePorts,
  group: { groupId: number; namespaceIds: readonly number[]; deletedByUserId: number },
): Promise<number> {
  let marked = 0
  for (;;) {
    const ids = await ports.liveProjectsIn(group.namespaceIds, PROJECT_BATCH)
    for (const id of ids) {
      if (await ports.markDeleted(id, group.deletedByUserId)) marked += 1
    }
    if (ids.length < PROJECT_BATCH) break
  }
  await ports.purgeGroup(group.groupId)
  return marked
}

/** What the projects service's part of a user's deletion works through. */
export interface UserPurgePorts {
  liveProjectsIn(namespaceIds: readonly number[], limit: number): Promise<number[]>
  markDeleted(projectId: number, deletedByUserId: number): Promise<boolean>
  /** The user's activity events and stars. */
  purgeUserRows(userId: number): Promise<number>
  /** Has identity remove the user's memberships, tokens, identities, namespace and row. */
  purgeUser(userId: number): Promise<void>
}

/**
 * The projects service's part of Users::DestroyService: the projects of the
 * user's personal namespace are deleted through the project deletion path,
 * their events and stars go, then identity removes the user. Idempotent.
 */
export async function deleteUserRecords(
  ports: UserPurgePorts,
  user: { userId: number; namespaceId: number; deletedByUserId: number },
): Promise<number> {
  let changed = 0
  if (user.namespaceId > 0) {
    for (;;) {
      const ids = await ports.liveProjectsIn([user.namespaceId], PROJECT_BATCH)
      for (const id of ids) {
        if (await ports.markDeleted(id, user.deletedByUserId)) changed += 1
      }
      if (ids.length < PROJECT_BATCH) break
    }
  }
  changed += await ports.purgeUserRows(user.userId)
  await ports.purgeUser(user.userId)
  return changed
}
