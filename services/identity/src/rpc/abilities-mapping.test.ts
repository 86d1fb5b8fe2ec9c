import { AccessLevel, MemberPermission, ProjectAbilities, SourceType } from '@suite/proto'
import { groupAbilities } from '../domain/group-policy.js'
import { DEFAULT_GROUP_SETTINGS, type Group } from '../domain/namespace.js'
import { toCaller } from './from-proto.js'
import { toGroupMessage, toUserMembershipMessage } from './to-proto.js'

const group: Group = {
  id: 3,
  kind: 'group',
  name: 'g',
  path: 'g',
  fullPath: 'g',
  fullName: 'g',
  parentId: null,
  ownerId: null,
  visibilityLevel: 0,
  traversalIds: [3],
  description: '',
  createdAt: new Date(0),
  settings: { ...DEFAULT_GROUP_SETTINGS },
}

describe('toGroupMessage', () => {
  it("carries the caller's level and every GroupAbilities field", () => {
    const abilities = groupAbilities({
      group,
      caller: { userId: 7, admin: false, scopes: [] },
      level: AccessLevel.ACCESS_LEVEL_MAINTAINER,
      memberWithin: true,
      internalVisible: true,
      customPermissions: [],
    })
    const message = toGroupMessage(group, abilities)
    expect(message.callerAccessLevel).toBe(40)
    expect(message.abilities).toEqual({
      groupId: 3,
      accessLevel: AccessLevel.ACCESS_LEVEL_MAINTAINER,
      readGroup: true,
      readGroupMember: true,
      adminGroupMember: false,
      adminGroup: false,
      createSubgroup: true,
      createProjects: true,
      removeGroup: false,
      changeVisibilityLevel: false,
      adminMemberRoles: false,
      readSamlIdentities: false,
      authorizedGroup: true,
      adminCicdVariables: false,
    })
  })

  it('leaves level and abilities out without a caller', () => {
    const message = toGroupMessage(group, undefined)
    expect(message.callerAccessLevel).toBe(0)
    expect(message.abilities).toBeUndefined()
  })
})

describe('toUserMembershipMessage', () => {
  it('carries the custom permissions', () => {
    expect(
      toUserMembershipMessage({
        sourceType: 'Namespace',
        sourceId: 3,
        accessLevel: 20,
        customPermissions: [MemberPermission.MEMBER_PERMISSION_READ_CODE],
      }),
    ).toEqual({
      sourceType: SourceType.SOURCE_TYPE_GROUP,
      sourceId: 3,
      accessLevel: 20,
      customPermissions: [MemberPermission.MEMBER_PERMISSION_READ_CODE],
    })
  })
})

describe('toCaller', () => {
  it("keeps the project abilities identity's member rules read", () => {
    const project = ProjectAbilities.fromPartial({
      projectId: 12,
      readProject: true,
      readProjectMember: true,
      pushCode: true,
    })
    const caller = toCaller({ userId: 7, admin: false, scopes: ['api'], project, group: undefined })
    expect(caller).toEqual({
      userId: 7,
      admin: false,
      scopes: ['api'],
      project: {
        projectId: 12,
        readProject: true,
        readProjectMember: true,
        adminProjectMember: false,
        manageOwners: false,
      },
    })
  })

  it('is anonymous without a user id, and carries no project without abilities', () => {
    const caller = toCaller({
      userId: undefined,
      admin: false,
      scopes: [],
      project: undefined,
      group: undefined,
    })
    expect(caller.userId).toBeUndefined()
    expect(caller.project).toBeUndefined()
  })
})
