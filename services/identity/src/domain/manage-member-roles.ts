import type { MemberPermission } from '@suite/proto'
import { ForbiddenError, InvalidError, NotFoundError } from '@suite/runtime'
import type { Stores } from './ports.js'
import { ForeignKeyViolation, MEMBER_ROLE_FOREIGN_KEY, UniqueViolation } from './write-conflicts.js'
import type { Caller } from './caller.js'
import { TAKEN } from './field-errors.js'
import { findReadableGroup } from './group-access.js'
import {
  MAX_ROLES_REACHED,
  mayManageGroupRoles,
  memberRoleErrors,
  normalizePermissions,
  ROLE_IN_USE,
  roleCountReached,
  rootGroupError,
  type MemberRole,
} from './member-role.js'
import type { Group } from './namespace.js'
import { requireAdmin, requireSignedIn } from './policy.js'

/** Whose roles a request is about: the instance's, or one group's. */
type RoleOwner = { kind: 'instance' } | { kind: 'group'; group: Group }

const ownerNamespaceId = (owner: RoleOwner): number | null =>
  owner.kind === 'group' ? owner.group.id : null

/**
 * ee/lib/api/member_roles.rb's guard. Instance roles: admins (401, 403).
 * Group roles: signed in (401), a group the caller can read (404 Group),
 * then :admin_member_role (403).
 */
async function authorizeRoles(
  stores: Stores,
  caller: Caller,
  groupId: number | undefined,
): Promise<RoleOwner> {
  if (groupId === undefined) {
    requireAdmin(caller)
    return { kind: 'instance' }
  }
  requireSignedIn(caller)
  const { group, abilities } = await findReadableGroup(stores, caller, { id: groupId })
  if (!mayManageGroupRoles(group, abilities)) throw new ForbiddenError()
  return { kind: 'group', group }
}

/** A role of this owner; another group's or the instance's is 404 Member Role. */
async function findOwnedRole(stores: Stores, owner: RoleOwner, id: number): Promise<MemberRole> {
  const role = await stores.memberRoles.find(id)
  if (!role || role.namespaceId !== ownerNamespaceId(owner)) throw new NotFoundError('Member Role')
  return role
}

function nameTaken(error: unknown): boolean {
  return error instanceof UniqueViolation && error.rule === 'member_role_name'
}

/** GET /member_roles, GET /groups/:id/member_roles: never the other kind. */
export async function listMemberRoles(
  stores: Stores,
  caller: Caller,
  input: { groupId: number | undefined },
): Promise<MemberRole[]> {
  const owner = await authorizeRoles(stores, caller, input.groupId)
  return stores.memberRoles.list(ownerNamespaceId(owner))
}

export interface CreateMemberRoleInput {
  groupId: number | undefined
  name: string
  description: string | undefined
  baseAccessLevel: number
  permissions: readonly MemberPermission[]
}

/**
 * POST /member_roles, POST /groups/:id/member_roles (MemberRoles::CreateService):
 * a top-level group only, MemberRole's validations, and at most ten roles per
 * owner — counted under a lock, so concurrent creations cannot pass ten.
 */
export async function createMemberRole(
  stores: Stores,
  caller: Caller,
  input: CreateMemberRoleInput,
): Promise<MemberRole> {
  const owner = await authorizeRoles(stores, caller, input.groupId)
  const notRoot = owner.kind === 'group' ? rootGroupError(owner.group) : undefined
  if (notRoot) throw new InvalidError({}, notRoot)
  const errors = memberRoleErrors({ name: input.name, baseAccessLevel: input.baseAccessLevel })
  if (errors.length > 0) throw new InvalidError({}, errors.join(', '))
  const namespaceId = ownerNamespaceId(owner)
  try {
    return await stores.transaction(async (tx) => {
      await tx.lock(`member_roles:${namespaceId ?? 'instance'}`)
      if (roleCountReached(await tx.memberRoles.count(namespaceId))) {
        throw new InvalidError({}, MAX_ROLES_REACHED)
      }
      return tx.memberRoles.insert({
        name: input.name,
        description: input.description ?? null,
        namespaceId,
        baseAccessLevel: input.baseAccessLevel,
        permissions: normalizePermissions(input.permissions),
      })
    })
  } catch (error) {
    if (nameTaken(error)) throw new InvalidError({}, `Name ${TAKEN}`)
    throw error
  }
}

export interface UpdateMemberRoleInput {
  groupId: number | undefined
  id: number
  name: string | undefined
  description: string | undefined
  /** Replaces the role's permissions when given. */
  permissions: readonly MemberPermission[] | undefined
}

/** PUT/PATCH on a role: name, description and permissions; the base level stays. */
export async function updateMemberRole(
  stores: Stores,
  caller: Caller,
  input: UpdateMemberRoleInput,
): Promise<MemberRole> {
  const owner = await authorizeRoles(stores, caller, input.groupId)
  const role = await findOwnedRole(stores, owner, input.id)
  const errors = memberRoleErrors({
    name: input.name ?? role.name,
    baseAccessLevel: role.baseAccessLevel,
  })
  if (errors.length > 0) throw new InvalidError({}, errors.join(', '))
  try {
    return await stores.memberRoles.update(role.id, {
      name: input.name,
      description: input.description,
      permissions: input.permissions && normalizePermissions(input.permissions),
    })
  } catch (error) {
    if (nameTaken(error)) throw new InvalidError({}, `Name ${TAKEN}`)
    throw error
  }
}

/**
 * DELETE on a role (MemberRoles::DeleteService): refused with GitLab's 400
 * while members hold it — checked first, and enforced by the foreign key
 * for a member given the role meanwhile.
 */
export async function deleteMemberRole(
  stores: Stores,
  caller: Caller,
  input: { groupId: number | undefined; id: number },
): Promise<MemberRole> {
  const owner = await authorizeRoles(stores, caller, input.groupId)
  const role = await findOwnedRole(stores, owner, input.id)
  if (await stores.memberRoles.assigned(role.id)) throw new InvalidError({}, ROLE_IN_USE)
  try {
    await stores.memberRoles.delete(role.id)
  } catch (error) {
    if (error instanceof ForeignKeyViolation && error.constraint === MEMBER_ROLE_FOREIGN_KEY) {
      throw new InvalidError({}, ROLE_IN_USE)
    }
    throw error
  }
  return role
}
