import { MemberPermission } from '@suite/proto'
import {
  MEMBER_PERMISSIONS,
  anyPermissionGiven,
  mergePermissions,
  permissionsSwitchedOn,
} from './member-permissions.js'

const { MEMBER_PERMISSION_READ_CODE: READ_CODE, MEMBER_PERMISSION_REMOVE_PROJECT: REMOVE_PROJECT } =
  MemberPermission

describe('member permissions', () => {
  it('are every MemberPermission but UNSPECIFIED, named after the enum', () => {
    expect(MEMBER_PERMISSIONS).toHaveLength(20)
    expect(MEMBER_PERMISSIONS[0]).toEqual({
      permission: MemberPermission.MEMBER_PERMISSION_ADMIN_CICD_VARIABLES,
      field: 'admin_cicd_variables',
    })
    expect(MEMBER_PERMISSIONS.at(-1)).toEqual({
      permission: REMOVE_PROJECT,
      field: 'remove_project',
    })
    expect(MEMBER_PERMISSIONS.map(({ field }) => field)).not.toContain('unspecified')
  })

  it('turn parameters into the permissions switched on', () => {
    expect(permissionsSwitchedOn({ read_code: true, remove_project: false })).toEqual([READ_CODE])
    expect(anyPermissionGiven({ remove_project: false })).toBe(true)
    expect(anyPermissionGiven({})).toBe(false)
  })

  it('keep the permissions an update does not name', () => {
    expect(mergePermissions([READ_CODE], { remove_project: true })).toEqual([
      READ_CODE,
      REMOVE_PROJECT,
    ])
    expect(mergePermissions([READ_CODE, REMOVE_PROJECT], { read_code: false })).toEqual([
      REMOVE_PROJECT,
    ])
  })
})
