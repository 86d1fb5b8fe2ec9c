import { AccessLevel } from '@suite/proto'
import { ForbiddenError, UnauthenticatedError, VisibilityLevel } from '@suite/runtime'
import { admin, anonymous, user } from '../testing/test-callers.js'
import type { ProjectMemberAbilities } from './caller.js'
import { groupAbilities } from './group-policy.js'
import { DEFAULT_GROUP_SETTINGS, type Group } from './namespace.js'
import {
  canReadPersonalNamespace,
  canRevokeToken,
  groupMemberAbilities,
  projectMemberAbilities,
  requireAdmin,
} from './policy.js'
import type { PersonalAccessToken } from './token.js'

const group: Group = {
  id: 3,
  kind: 'group',
  name: 'g',
  path: 'g',
  fullPath: 'g',
  fullName: 'g',
  parentId: null,
  ownerId: null,
  visibilityLevel: VisibilityLevel.VISIBILITY_LEVEL_PRIVATE,
  traversalIds: [3],
  description: '',
  createdAt: new Date(0),
  settings: { ...DEFAULT_GROUP_SETTINGS },
}

describe('member abilities in a group', () => {
  function inGroup(level: number, memberWithin = level > 0) {
    const abilities = groupAbilities({
      group,
      caller: user,
      level,
      memberWithin,
      internalVisible: true,
      customPermissions: [],
    })
    return groupMemberAbilities(abilities)
  }

  it('come from GroupPolicy: Owners manage members, members read them', () => {
    expect(inGroup(AccessLevel.ACCESS_LEVEL_OWNER)).toEqual({
      readSource: true,
      read: true,
      admin: true,
      manageOwners: true,
    })
    expect(inGroup(AccessLevel.ACCESS_LEVEL_MAINTAINER)).toEqual({
      readSource: true,
      read: true,
      admin: false,
      manageOwners: false,
    })
  })

  it('let a member below a private group see it but not its members', () => {
    expect(inGroup(0, true)).toEqual({
      readSource: true,
      read: false,
      admin: false,
      manageOwners: false,
    })
    expect(inGroup(0, false).readSource).toBe(false)
  })
})

describe('member abilities in a project', () => {
  const maintainer: ProjectMemberAbilities = {
    projectId: 12,
    readProject: true,
    readProjectMember: true,
    adminProjectMember: true,
    manageOwners: false,
  }

  it("are the projects service's answer for that very project", () => {
    expect(projectMemberAbilities({ ...user, project: maintainer }, 12)).toEqual({
      readSource: true,
      read: true,
      admin: true,
      manageOwners: false,
    })
  })

  it('are none for abilities of another project, or without any', () => {
    const none = { readSource: false, read: false, admin: false, manageOwners: false }
    expect(projectMemberAbilities({ ...user, project: maintainer }, 13)).toEqual(none)
    expect(projectMemberAbilities(user, 12)).toEqual(none)
    expect(projectMemberAbilities(anonymous, 12)).toEqual(none)
  })

  it('are all of them for an admin', () => {
    expect(projectMemberAbilities(admin, 12)).toEqual({
      readSource: true,
      read: true,
      admin: true,
      manageOwners: true,
    })
  })
})

describe('personal namespaces', () => {
  it('are for their owner and admins only', () => {
    const personal = { ...group, kind: 'user' as const, ownerId: 7 }
    expect(canReadPersonalNamespace(personal, user)).toBe(true)
    expect(canReadPersonalNamespace({ ...personal, ownerId: 8 }, user)).toBe(false)
    expect(canReadPersonalNamespace(personal, anonymous)).toBe(false)
    expect(canReadPersonalNamespace({ ...personal, ownerId: 8 }, admin)).toBe(true)
  })
})

describe('tokens and admin-only calls', () => {
  const token = { userId: 7 } as PersonalAccessToken

  it('lets owners and admins revoke, unless blocked', () => {
    expect(canRevokeToken(user, token, false)).toBe(true)
    expect(canRevokeToken(user, token, true)).toBe(false)
    expect(canRevokeToken({ ...user, userId: 8 }, token, false)).toBe(false)
    expect(canRevokeToken(admin, token, false)).toBe(true)
  })

  it('answers 401 to anonymous callers and 403 to non-admins', () => {
    expect(() => requireAdmin(anonymous)).toThrow(UnauthenticatedError)
    expect(() => requireAdmin(user)).toThrow(ForbiddenError)
    expect(() => requireAdmin(admin)).not.toThrow()
  })
})
