import { AccessLevel, MemberPermission } from '@suite/proto'
import { memberRoleFixture } from '../testing/fixtures.js'
import { presentMemberRole } from './member-role.entity.js'

describe('presentMemberRole', () => {
  it("renders GitLab's MemberRole: every permission, in the documented order", () => {
    const json = presentMemberRole(
      memberRoleFixture({
        permissions: [
          MemberPermission.MEMBER_PERMISSION_REMOVE_PROJECT,
          MemberPermission.MEMBER_PERMISSION_READ_CODE,
        ],
      }),
    )
    expect(JSON.stringify(json)).toBe(
      JSON.stringify({
        id: 3,
        name: 'Guest + read code',
        description: null,
        group_id: 10,
        base_access_level: 10,
        admin_cicd_variables: false,
        admin_compliance_framework: false,
        admin_group_member: false,
        admin_merge_request: false,
        admin_push_rules: false,
        admin_infra_state: false,
        admin_vulnerability: false,
        admin_web_hook: false,
        archive_project: false,
        manage_deploy_tokens: false,
        manage_group_access_tokens: false,
        manage_merge_request_settings: false,
        manage_project_access_tokens: false,
        manage_security_policy_link: false,
        read_code: true,
        read_runners: false,
        read_dependency: false,
        read_vulnerability: false,
        remove_group: false,
        remove_project: true,
      }),
    )
  })

  it('shows an instance role with a null group_id and its description', () => {
    const json = presentMemberRole(
      memberRoleFixture({
        groupId: undefined,
        description: 'Custom developer',
        baseAccessLevel: AccessLevel.ACCESS_LEVEL_DEVELOPER,
        permissions: [],
      }),
    )
    expect(json).toMatchObject({
      group_id: null,
      description: 'Custom developer',
      base_access_level: 30,
      read_code: false,
    })
    expect(Object.values(json).filter((value) => value === true)).toEqual([])
  })
})
