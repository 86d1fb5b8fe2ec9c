import { ForbiddenError, NotFoundError } from '@suite/runtime'
import type { Caller } from './caller.js'
import { findReadableGroup } from './group-access.js'
import type { Stores } from './ports.js'

/** The mark that starts a group's deletion (GroupDeletionsStore). */
export interface GroupDeletionMark {
  markDeleted(groupId: number, deletedByUserId: number): Promise<boolean>
}

/**
 * DELETE /groups/:id (API::Groups, Groups::DestroyService#async_execute): a
 * group the caller may not read is NOT_FOUND, one they may read without
 * :remove_group (Owner, an administrator; a custom role's on subgroups) is
 * PERMISSION_DENIED. The group and its subgroups are marked and the
 * GroupDeleted message written in one transaction; their projects and rows
 * go through the projects service's worker.
 */
export async function deleteGroup(
  stores: Stores,
  mark: GroupDeletionMark,
  caller: Caller,
  groupId: number,
): Promise<void> {
  const { group, abilities } = await findReadableGroup(stores, caller, { id: groupId })
  if (!abilities.removeGroup) throw new ForbiddenError()
  if (!(await mark.markDeleted(group.id, caller.userId ?? 0))) throw new NotFoundError('Group')
}
