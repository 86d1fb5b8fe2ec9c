import { AccessLevel, MemberPermission, memberPermissionToJSON } from '@suite/proto'
import { VisibilityLevel } from '@suite/runtime'
import { admin, user } from '../testing/test-callers.js'
import type { Caller } from './caller.js'
import { groupAbilities } from './group-policy.js'
import {
  ALL_PERMISSIONS,
  BASE_LEVEL_MISMATCH,
  MAX_MEMBER_ROLES,
  mayManageGroupRoles,
  memberRoleAssignmentErrors,
  memberRoleErrors,
  normalizePermissions,
  roleCountReached,
  rootGroupError,
  roleUsableIn,
  type MemberRole,
} from './member-role.js'
import { DEFAULT_GROUP_SETTINGS, type Group } from './namespace.js'

const { ACCESS_LEVEL_GUEST, ACCESS_LEVEL_DEVELOPER } = AccessLevel
const { MEMBER_PERMISSION_READ_CODE, MEMBER_PERMISSION_ADMIN_CICD_VARIABLES } = MemberPermission

function role(
  namespaceId: number | null,
  baseAccessLevel: number = ACCESS_LEVEL_GUEST,
): MemberRole {
  return {
    id: 4,
    name: 'Guest + read_code',
    description: null,
    namespaceId,
    baseAccessLevel,
    permissions: [MEMBER_PERMISSION_READ_CODE],
    createdAt: new Date(0),
  }
}

function group(parentId: number | null): Group {
  return {
    id: 3,
    kind: 'group',
    name: 'g',
    path: 'g',
    fullPath: 'g',
    fullName: 'g',
    parentId,
    ownerId: null,
    visibilityLevel: VisibilityLevel.VISIBILITY_LEVEL_PRIVATE,
    traversalIds: parentId === null ? [3] : [parentId, 3],
    description: '',
    createdAt: new Date(0),
    settings: DEFAULT_GROUP_SETTINGS,
  }
}

function mayManage(of: Group, caller: Caller, level: number): boolean {
  const abilities = groupAbilities({
    group: of,
    caller,
    level,
    memberWithin: level > 0,
    internalVisible: true,
    customPermissions: [],
  })
  return mayManageGroupRoles(of, abilities)
}

describe('the permission list', () => {
  it('is the proto enum: every permission but the zero value, in enum order', () => {
    expect(ALL_PERMISSIONS[0]).toBe(MEMBER_PERMISSION_ADMIN_CICD_VARIABLES)
    expect(ALL_PERMISSIONS.map(memberPermissionToJSON)).not.toContain(
      'MEMBER_PERMISSION_UNSPECIFIED',
    )
    expect(ALL_PERMISSIONS).toContain(MemberPermission.MEMBER_PERMISSION_REMOVE_PROJECT)
    expect(ALL_PERMISSIONS).not.toContain(MemberPermission.UNRECOGNIZED)
  })

  it('stores each known permission once, in enum order', () => {
    expect(
      normalizePermissions([
        MEMBER_PERMISSION_READ_CODE,
        MemberPermission.MEMBER_PERMISSION_UNSPECIFIED,
        MEMBER_PERMISSION_ADMIN_CICD_VARIABLES,
        MEMBER_PERMISSION_READ_CODE,
        MemberPermission.UNRECOGNIZED,
      ]),
    ).toEqual([MEMBER_PERMISSION_ADMIN_CICD_VARIABLES, MEMBER_PERMISSION_READ_CODE])
  })
})

describe('memberRoleErrors', () => {
  it("refuses a blank name as GitLab's model does", () => {
    expect(memberRoleErrors({ name: ' ', baseAccessLevel: ACCESS_LEVEL_GUEST })).toEqual([
      "Name can't be blank",
    ])
  })

  it('refuses a base level that is not a member level', () => {
    expect(memberRoleErrors({ name: 'r', baseAccessLevel: 25 })).toEqual([
      'Base access level is not included in the list',
    ])
    expect(memberRoleErrors({ name: 'r', baseAccessLevel: 0 })).toHaveLength(1)
    for (const level of [10, 20, 30, 40, 50]) {
      expect(memberRoleErrors({ name: 'r', baseAccessLevel: level })).toEqual([])
    }
  })
})

describe('the role limit', () => {
  it('lets ten roles exist and refuses the eleventh', () => {
    expect(MAX_MEMBER_ROLES).toBe(10)
    expect(roleCountReached(9)).toBe(false)
    expect(roleCountReached(10)).toBe(true)
  })
})

describe('the top-level group rule', () => {
  it('lets roles be created on a top-level group only', () => {
    expect(rootGroupError(group(null))).toBeUndefined()
    expect(rootGroupError(group(1))).toBe('Creation of member role is allowed only for root groups')
  })
})

describe("who manages a group's roles", () => {
  it("is a top-level group's Owner or an admin, not a Maintainer", () => {
    expect(mayManage(group(null), user, 50)).toBe(true)
    expect(mayManage(group(null), admin, 0)).toBe(true)
    expect(mayManage(group(null), user, 40)).toBe(false)
    expect(mayManage(group(null), user, 0)).toBe(false)
  })

  it("lets a subgroup's Owner through to the root-group rule, not a Maintainer", () => {
    expect(mayManage(group(1), user, 50)).toBe(true)
    expect(mayManage(group(1), user, 40)).toBe(false)
  })
})

describe('assigning a role to a membership', () => {
  it('takes an instance role or a role of the source’s top-level group', () => {
    expect(roleUsableIn(role(null), undefined)).toBe(true)
    expect(roleUsableIn(role(null), 3)).toBe(true)
    expect(roleUsableIn(role(3), 3)).toBe(true)
    expect(roleUsableIn(role(3), 8)).toBe(false)
    expect(roleUsableIn(role(3), undefined)).toBe(false)
  })

  it("answers GitLab's 'not found' for a missing role or another hierarchy's", () => {
    expect(memberRoleAssignmentErrors(undefined, 3, ACCESS_LEVEL_GUEST)).toEqual({
      member_role: ['not found'],
    })
    expect(memberRoleAssignmentErrors(role(8), 3, ACCESS_LEVEL_GUEST)).toEqual({
      member_role: ['not found'],
    })
  })

  it('needs the base level to equal the membership level', () => {
    expect(
      memberRoleAssignmentErrors(role(3, ACCESS_LEVEL_DEVELOPER), 3, ACCESS_LEVEL_GUEST),
    ).toEqual({ member_role_id: [BASE_LEVEL_MISMATCH] })
    expect(memberRoleAssignmentErrors(role(3), 3, ACCESS_LEVEL_GUEST)).toBeUndefined()
  })
})
