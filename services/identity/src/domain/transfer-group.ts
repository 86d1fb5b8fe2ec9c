import { AccessLevel } from '@suite/proto'
import { ForbiddenError, InvalidError } from '@suite/runtime'
import type { Caller } from './caller.js'
import { findReadableGroup, type GroupWithAbilities } from './group-access.js'
import type { Group } from './namespace.js'
import { canCreateTopLevelGroup, requireSignedIn } from './policy.js'
import type { ProjectsPort, Stores } from './ports.js'
import { moveSubtree } from './update-group.js'
import { UniqueViolation } from './write-conflicts.js'

/** Groups::TransferService's refusals, as POST /groups/:id/transfer renders them (400). */
const REFUSALS = {
  alreadyRoot: 'Group is already a root group.',
  sameParent: 'Group is already associated to the parent group.',
  permissions: "You don't have enough permissions.",
  samePath: 'The parent group already has a subgroup or a project with the same path.',
  toSubgroup: 'Cannot transfer group to one of its subgroup.',
} as const

function refused(reason: keyof typeof REFUSALS): InvalidError {
  return new InvalidError({}, `Transfer failed: ${REFUSALS[reason]}`, 'transfer_failed')
}

/** The group at its new place: route, name, ancestry, and at most its new parent's visibility. */
function placed(group: Group, parent: Group | undefined): Group {
  return {
    ...group,
    parentId: parent?.id ?? null,
    fullPath: parent ? `${parent.fullPath}/${group.path}` : group.path,
    fullName: parent ? `${parent.fullName} / ${group.name}` : group.name,
    traversalIds: [...(parent?.traversalIds ?? []), group.id],
    visibilityLevel:
      parent && parent.visibilityLevel < group.visibilityLevel
        ? parent.visibilityLevel
        : group.visibilityLevel,
  }
}

/**
 * POST /groups/:id/transfer (Groups::TransferService): the group's Owner
 * (admin_group, 403) moves it under a group where they may create subgroups,
 * or to the top level when they may create groups. Moving under a less
 * visible parent lowers the group and everything in it to the parent's
 * level; the routes below, the projects' paths and their inherited members
 * follow before identity commits.
 */
export async function transferGroup(
  stores: Stores,
  projects: ProjectsPort,
  caller: Caller,
  groupId: number,
  newParentId: number | undefined,
): Promise<GroupWithAbilities> {
  const userId = requireSignedIn(caller)
  const { group, abilities } = await findReadableGroup(stores, caller, { id: groupId })
  if (!abilities.adminGroup) throw new ForbiddenError()
  const target =
    newParentId === undefined
      ? undefined
      : await findReadableGroup(stores, caller, { id: newParentId })
  const parent = target?.group

  if (!parent && group.parentId === null) throw refused('alreadyRoot')
  if (parent && parent.id === group.parentId) throw refused('sameParent')
  if (target) {
    if (!target.abilities.createSubgroup) throw refused('permissions')
  } else {
    const user = await stores.users.findById(userId)
    if (!canCreateTopLevelGroup(caller, user?.canCreateGroup ?? false)) {
      throw refused('permissions')
    }
  }
  const after = placed(group, parent)
  const pathTaken =
    (await stores.namespaces.pathTaken(after.fullPath, group.id)) ||
    (parent !== undefined && (await projects.projectPathTaken(parent.id, group.path)))
  if (pathTaken) throw refused('samePath')
  if (parent?.traversalIds.includes(group.id)) throw refused('toSubgroup')

  try {
    await stores.transaction(async (tx) => {
      // The old and the new tree, always in the same order, so two moves cannot deadlock.
      const roots = [group.traversalIds[0] ?? group.id, parent?.traversalIds[0] ?? group.id]
      for (const root of [...new Set(roots)].sort((a, b) => a - b)) {
        await tx.lock(`namespace-tree:${root}`)
      }
      await tx.namespaces.updateGroup(after)
      if (after.visibilityLevel < group.visibilityLevel) {
        await tx.namespaces.capDescendantsVisibility(group.id, after.visibilityLevel)
      }
      // ensure_ownership: a group made top-level keeps an Owner.
      if (!parent && (await tx.members.ownerIds([group.id])).length === 0) {
        await tx.members.insert({
          sourceType: 'Namespace',
          sourceId: group.id,
          userId,
          accessLevel: AccessLevel.ACCESS_LEVEL_OWNER,
          expiresAt: null,
          createdById: userId,
          memberRoleId: null,
          memberNamespaceId: group.id,
        })
      }
      await moveSubtree(tx, projects, group, after)
    })
  } catch (error) {
    if (error instanceof UniqueViolation && error.rule === 'namespace_path') {
      throw refused('samePath')
    }
    throw error
  }
  return findReadableGroup(stores, caller, { id: groupId })
}
