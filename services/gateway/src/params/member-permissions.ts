import { MemberPermission, memberPermissionToJSON } from '@suite/proto'
import { p } from './coercions.js'
import type { Param } from './param.js'

const PREFIX = 'MEMBER_PERMISSION_'

type PermissionName = Exclude<
  keyof typeof MemberPermission,
  'MEMBER_PERMISSION_UNSPECIFIED' | 'UNRECOGNIZED'
>

type FieldOf<N> = N extends `${typeof PREFIX}${infer Rest}` ? Lowercase<Rest> : never

/** A custom role permission's wire name: admin_cicd_variables ... remove_project. */
export type PermissionField = FieldOf<PermissionName>

export interface PermissionEntry {
  permission: MemberPermission
  field: PermissionField
}

/** Enum members that name no permission. */
const NOT_PERMISSIONS: readonly MemberPermission[] = [
  MemberPermission.MEMBER_PERMISSION_UNSPECIFIED,
  MemberPermission.UNRECOGNIZED,
]

/** A numeric enum value (not one of its reverse-mapped names) that is a permission. */
function isPermission(value: string | MemberPermission): value is MemberPermission {
  return typeof value === 'number' && !NOT_PERMISSIONS.includes(value)
}

/**
 * Every permission of gitlab.common.v1.MemberPermission in the enum's order,
 * each with its JSON name (the enum name without its prefix, lower-cased):
 * adding a permission to the enum adds its parameter and its field.
 */
export const MEMBER_PERMISSIONS: readonly PermissionEntry[] = Object.values(MemberPermission)
  .filter(isPermission)
  .sort((a, b) => a - b)
  .map((permission) => ({
    permission,
    field: memberPermissionToJSON(permission).slice(PREFIX.length).toLowerCase() as PermissionField,
  }))

/** Each permission as an optional boolean parameter (`read_code=true`). */
export const memberPermissionParams = Object.fromEntries(
  MEMBER_PERMISSIONS.map(({ field }) => [field, p.bool()]),
) as Record<PermissionField, Param<boolean>>

/** The permissions switched on by the given parameters. */
export function permissionsSwitchedOn(
  params: Readonly<Partial<Record<PermissionField, boolean | undefined>>>,
): MemberPermission[] {
  return MEMBER_PERMISSIONS.filter(({ field }) => params[field] === true).map(
    ({ permission }) => permission,
  )
}

/** Whether any permission parameter was given, true or false. */
export function anyPermissionGiven(
  params: Readonly<Partial<Record<PermissionField, boolean | undefined>>>,
): boolean {
  return MEMBER_PERMISSIONS.some(({ field }) => params[field] !== undefined)
}

/**
 * A role's permissions after an update that names some of them: those given
 * are switched on or off, the others kept (GitLab's assign_attributes).
 */
export function mergePermissions(
  current: readonly MemberPermission[],
  params: Readonly<Partial<Record<PermissionField, boolean | undefined>>>,
): MemberPermission[] {
  return MEMBER_PERMISSIONS.filter(({ permission, field }) => {
    const given = params[field]
    return given === undefined ? current.includes(permission) : given
  }).map(({ permission }) => permission)
}
