import {
  ForbiddenError,
  InvalidError,
  visibilityLevel,
  visibilityName,
  type FieldErrors,
} from '@suite/runtime'
import type { Caller } from './caller.js'
import { TAKEN } from './field-errors.js'
import {
  callerAbilitiesInGroup,
  findReadableGroup,
  type GroupWithAbilities,
} from './group-access.js'
import { mayChangeShareWithGroupLock } from './group-policy.js'
import { groupModelErrors, groupParamErrors } from './group-rules.js'
import type { Group, GroupSettings } from './namespace.js'
import type { ProjectsPort, Stores } from './ports.js'
import { restrictedVisibilityError } from './visibility-restrictions.js'
import { UniqueViolation } from './write-conflicts.js'

export interface UpdateGroupInput {
  name?: string | undefined
  path?: string | undefined
  description?: string | undefined
  visibility?: string | undefined
  settings: Partial<GroupSettings>
}

/** lib/api/groups.rb answers a failed update with render_validation_error!: 400 with the hash. */
function invalid(errors: FieldErrors): InvalidError {
  return new InvalidError(errors)
}

const SHARE_LOCK_MESSAGE =
  'cannot be disabled when the parent group "Share with group lock" is enabled, except by the owner of the parent group'

/** The group's parent with the caller's abilities there (read or not: the rule only asks). */
async function parentOf(stores: Stores, caller: Caller, group: Group) {
  if (group.parentId === null) return undefined
  const parent = await stores.namespaces.findGroup({ id: group.parentId })
  if (!parent) return undefined
  return { group: parent, abilities: await callerAbilitiesInGroup(stores, caller, parent) }
}

/**
 * The projects service takes the new routes, names, ancestry and (lowered)
 * visibility of the group and everything below it before identity commits:
 * a failure there undoes the change, and when the answer comes every service
 * reads the new place.
 */
export async function moveSubtree(
  tx: Stores,
  projects: ProjectsPort,
  before: Group,
  after: Group,
): Promise<void> {
  const moved =
    before.fullPath !== after.fullPath ||
    before.fullName !== after.fullName ||
    before.traversalIds.join() !== after.traversalIds.join() ||
    before.visibilityLevel > after.visibilityLevel
  if (!moved) return
  await tx.namespaces.moveDescendants(after.id, before, after)
  await projects.syncNamespaces(await tx.namespaces.subtree(after.id))
}

/** Which parameters' values changed, as GitLab's UpdateService compares them. */
function changedGroup(group: Group, input: UpdateGroupInput, parent: Group | undefined): Group {
  const name = input.name ?? group.name
  const path = input.path ?? group.path
  const level = input.visibility ? visibilityLevel(input.visibility) : undefined
  return {
    ...group,
    name,
    path,
    fullPath: parent ? `${parent.fullPath}/${path}` : path,
    fullName: parent ? `${parent.fullName} / ${name}` : name,
    description: input.description ?? group.description,
    visibilityLevel: level ?? group.visibilityLevel,
    settings: { ...group.settings, ...input.settings },
  }
}

/** PUT /groups/:id (Groups::UpdateService): an Owner changes the group's name, route, visibility and settings. */
export async function updateGroup(
  stores: Stores,
  projects: ProjectsPort,
  caller: Caller,
  groupId: number,
  input: UpdateGroupInput,
): Promise<GroupWithAbilities> {
  const paramErrors = groupParamErrors({ ...input, ...input.settings })
  if (Object.keys(paramErrors).length > 0) throw new InvalidError(paramErrors)
  const { group, abilities } = await findReadableGroup(stores, caller, { id: groupId })
  if (!abilities.adminGroup) throw new ForbiddenError()
  const parent = await parentOf(stores, caller, group)

  const lock = input.settings.shareWithGroupLock
  if (
    lock !== undefined &&
    lock !== group.settings.shareWithGroupLock &&
    !mayChangeShareWithGroupLock(group, abilities, parent)
  ) {
    throw invalid({ share_with_group_lock: [SHARE_LOCK_MESSAGE] })
  }

  const after = changedGroup(group, input, parent?.group)
  if (after.visibilityLevel !== group.visibilityLevel && !caller.admin) {
    // UpdateVisibilityLevel#valid_visibility_level_change?: a restricted level stops the update.
    const restricted = restrictedVisibilityError(
      await projects.groupVisibilitySettings(),
      caller,
      visibilityName(after.visibilityLevel),
    )
    if (restricted) throw invalid({ visibility_level: [restricted] })
  }
  // Only a lower level can fall below what the projects and subgroups hold.
  const lowered = after.visibilityLevel < group.visibilityLevel
  const [projectsLevel, subgroupsLevel] = lowered
    ? await Promise.all([
        projects.maxProjectVisibility(group.id),
        stores.namespaces.maxSubgroupVisibility(group.id),
      ])
    : [undefined, undefined]
  const errors = groupModelErrors({
    name: after.name,
    path: after.path,
    description: after.description,
    visibilityLevel: after.visibilityLevel,
    twoFactorGracePeriod: after.settings.twoFactorGracePeriod,
    parent: parent?.group,
    nameTaken:
      parent !== undefined &&
      after.name !== group.name &&
      (await stores.namespaces.siblingNameTaken(parent.group.id, after.name)),
    pathTaken:
      after.fullPath.toLowerCase() !== group.fullPath.toLowerCase() &&
      (await stores.namespaces.pathTaken(after.fullPath, group.id)),
    projectsMoreVisible:
      projectsLevel !== undefined && projectsLevel > Number(after.visibilityLevel),
    subgroupsMoreVisible:
      subgroupsLevel !== undefined && subgroupsLevel > Number(after.visibilityLevel),
  })
  if (Object.keys(errors).length > 0) throw invalid(errors)

  try {
    await stores.transaction(async (tx) => {
      // One change of a group's place at a time, so two renames cannot cross.
      await tx.lock(`namespace-tree:${group.traversalIds[0] ?? group.id}`)
      await tx.namespaces.updateGroup(after)
      await moveSubtree(tx, projects, group, after)
    })
  } catch (error) {
    if (error instanceof UniqueViolation && error.rule === 'namespace_path') {
      throw invalid({ path: [TAKEN] })
    }
    if (error instanceof UniqueViolation && error.rule === 'namespace_name') {
      throw invalid({ name: [TAKEN] })
    }
    throw error
  }
  return findReadableGroup(stores, caller, { id: groupId })
}
