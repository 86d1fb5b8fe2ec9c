import { AccessLevel } from '@suite/proto'
import { ForbiddenError, InvalidError, VisibilityLevel, visibilityLevel } from '@suite/runtime'
import type { Stores } from './ports.js'
import { UniqueViolation } from './write-conflicts.js'
import type { Caller } from './caller.js'
import { TAKEN } from './field-errors.js'
import { findReadableGroup, type GroupWithAbilities } from './group-access.js'
import { groupAbilities } from './group-policy.js'
import { groupModelErrors, groupParamErrors } from './group-rules.js'
import { DEFAULT_GROUP_SETTINGS, type Group, type GroupSettings } from './namespace.js'
import { canCreateTopLevelGroup, requireSignedIn } from './policy.js'
import { inspectRubyErrors } from './ruby-inspect.js'

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

/** POST /groups: a top-level group or a subgroup; the creator becomes its Owner. */
export async function createGroup(
  stores: Stores,
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
  const level = input.visibility ? visibilityLevel(input.visibility) : undefined
  const fullPath = parent ? `${parent.fullPath}/${input.path}` : input.path
  const errors = groupModelErrors({
    name: input.name,
    path: input.path,
    description: input.description ?? '',
    visibilityLevel: level ?? VisibilityLevel.VISIBILITY_LEVEL_PRIVATE,
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
        visibilityLevel: level ?? VisibilityLevel.VISIBILITY_LEVEL_PRIVATE,
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
