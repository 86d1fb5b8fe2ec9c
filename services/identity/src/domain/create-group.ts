import { AccessLevel } from '@suite/proto'
import {
  ForbiddenError,
  InvalidError,
  VisibilityLevel,
  visibilityLevel,
  visibilityName,
} from '@suite/runtime'
import type { ProjectsPort, Stores } from './ports.js'
import { UniqueViolation } from './write-conflicts.js'
import type { Caller } from './caller.js'
import { TAKEN } from './field-errors.js'
import { findReadableGroup, type GroupWithAbilities } from './group-access.js'
import { groupAbilities } from './group-policy.js'
import { groupModelErrors, groupParamErrors } from './group-rules.js'
import { DEFAULT_GROUP_SETTINGS, type Group, type GroupSettings } from './namespace.js'
import { canCreateTopLevelGroup, requireSignedIn } from './policy.js'
import { inspectRubyErrors } from './ruby-inspect.js'
import { restrictedVisibilityError } from './visibility-restrictions.js'

export interface CreateGroupInput {
  name: string
  path: string
  parentId?: number | undefined
  visibility?: string | undefined
  description?: string | undefined
  settings: Partial<GroupSettings>
}

/** lib/api/groups.rb renders a failed save as 400 "Failed to save group <errors.messages>". */
function failedToSave(errors: Record<string, string[]>): InvalidError {
  return new InvalidError({}, `Failed to save group ${inspectRubyErrors(errors)}`, 'group_invalid')
}

/**
 * The level a new group gets (Groups::CreateService#set_visibility_level: the
 * instance's default_group_visibility when none is given), refused when the
 * administrator restricted it and the caller is not one (valid_visibility_level?).
 */
async function allowedLevel(
  projects: Pick<ProjectsPort, 'groupVisibilitySettings'>,
  caller: Caller,
  given: string | undefined,
): Promise<VisibilityLevel> {
  const level = given === undefined ? undefined : visibilityLevel(given)
  // An administrator naming a level needs no setting.
  if (level !== undefined && caller.admin) return level
  const settings = await projects.groupVisibilitySettings()
  const chosen = level ?? visibilityLevel(settings.defaultGroupVisibility)
  const wanted = chosen ?? VisibilityLevel.VISIBILITY_LEVEL_PRIVATE
  const restricted = restrictedVisibilityError(settings, caller, visibilityName(wanted))
  if (restricted) throw failedToSave({ visibility_level: [restricted] })
  return wanted
}

/** POST /groups: a top-level group or a subgroup; the creator becomes its Owner. */
export async function createGroup(
  stores: Stores,
  projects: Pick<ProjectsPort, 'groupVisibilitySettings'>,
  caller: Caller,
  input: CreateGroupInput,
  now = new Date(),
): Promise<GroupWithAbilities> {
  const userId = requireSignedIn(caller)
  // Parameter values are refused before anything is looked up, as Grape does.
  const paramErrors = groupParamErrors({ ...input, ...input.settings })
  if (Object.keys(paramErrors).length > 0) throw new InvalidError(paramErrors)
  let parent: Group | undefined
  if (input.parentId !== undefined) {
    const found = await findReadableGroup(stores, caller, { id: input.parentId })
    if (!found.abilities.createSubgroup) throw new ForbiddenError()
    parent = found.group
  } else {
    const user = await stores.users.findById(userId)
    if (!canCreateTopLevelGroup(caller, user?.canCreateGroup ?? false)) throw new ForbiddenError()
  }

  const settings: GroupSettings = { ...DEFAULT_GROUP_SETTINGS, ...input.settings }
  const level = await allowedLevel(projects, caller, input.visibility || undefined)
  const fullPath = parent ? `${parent.fullPath}/${input.path}` : input.path
  const errors = groupModelErrors({
    name: input.name,
    path: input.path,
    description: input.description ?? '',
    visibilityLevel: level,
    twoFactorGracePeriod: settings.twoFactorGracePeriod,
    parent,
    nameTaken: parent ? await stores.namespaces.siblingNameTaken(parent.id, input.name) : false,
    pathTaken: await stores.namespaces.pathTaken(fullPath),
  })
  if (Object.keys(errors).length > 0) throw failedToSave(errors)

  try {
    const group = await stores.transaction(async (tx) => {
      const id = await tx.namespaces.nextId()
      const created: Group = {
        id,
        kind: 'group',
        name: input.name,
        path: input.path,
        fullPath,
        fullName: parent ? `${parent.fullName} / ${input.name}` : input.name,
        parentId: parent?.id ?? null,
        ownerId: null,
        visibilityLevel: level,
        traversalIds: [...(parent?.traversalIds ?? []), id],
        description: input.description ?? '',
        createdAt: now,
        settings,
      }
      await tx.namespaces.insert(created)
      await tx.members.insert({
        sourceType: 'Namespace',
        sourceId: id,
        userId,
        accessLevel: AccessLevel.ACCESS_LEVEL_OWNER,
        expiresAt: null,
        createdById: userId,
        memberRoleId: null,
        memberNamespaceId: id,
      })
      return created
    })
    // The creator is the new group's Owner, and holds no custom role in it.
    const abilities = groupAbilities({
      group,
      caller,
      level: AccessLevel.ACCESS_LEVEL_OWNER,
      memberWithin: true,
      internalVisible: false,
      customPermissions: [],
    })
    return { group, abilities }
  } catch (error) {
    if (error instanceof UniqueViolation && error.rule === 'namespace_path') {
      throw failedToSave({ path: [TAKEN] })
    }
    if (error instanceof UniqueViolation && error.rule === 'namespace_name') {
      throw failedToSave({ name: [TAKEN] })
    }
    throw error
  }
}
