import { MemberPermission } from '@suite/proto'
import { toUserMembership } from './list-user-memberships.js'
import { customPermissionsOf, grantedPermissions } from './member-roles.js'

const { MEMBER_PERMISSION_READ_CODE, MEMBER_PERMISSION_ADMIN_GROUP_MEMBER } = MemberPermission
const { MEMBER_PERMISSION_REMOVE_GROUP } = MemberPermission

const roles = new Map([
  [4, [MEMBER_PERMISSION_REMOVE_GROUP, MEMBER_PERMISSION_READ_CODE]],
  [5, [MEMBER_PERMISSION_ADMIN_GROUP_MEMBER, MEMBER_PERMISSION_READ_CODE]],
])

describe('custom member role permissions', () => {
  it("are the role's permissions, none without a role or for a role that does not resolve", () => {
    expect(customPermissionsOf(4, roles)).toEqual([
      MEMBER_PERMISSION_REMOVE_GROUP,
      MEMBER_PERMISSION_READ_CODE,
    ])
    expect(customPermissionsOf(null, roles)).toEqual([])
    expect(customPermissionsOf(9, roles)).toEqual([])
  })

  it('add up over memberships, each permission once', () => {
    const held = [{ memberRoleId: 4 }, { memberRoleId: null }, { memberRoleId: 5 }]
    expect(grantedPermissions(held, roles)).toEqual([
      MEMBER_PERMISSION_ADMIN_GROUP_MEMBER,
      MEMBER_PERMISSION_READ_CODE,
      MEMBER_PERMISSION_REMOVE_GROUP,
    ])
  })
})

describe('toUserMembership', () => {
  it("carries the membership's level and its role's permissions", () => {
    const held = { sourceType: 'Project' as const, sourceId: 8, accessLevel: 20, memberRoleId: 5 }
    expect(toUserMembership(held, roles)).toEqual({
      sourceType: 'Project',
      sourceId: 8,
      accessLevel: 20,
      customPermissions: [MEMBER_PERMISSION_ADMIN_GROUP_MEMBER, MEMBER_PERMISSION_READ_CODE],
    })
    expect(toUserMembership(held, new Map()).customPermissions).toEqual([])
  })
})
