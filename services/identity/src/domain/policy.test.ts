import { ForbiddenError, UnauthenticatedError } from '@suite/runtime'
import type { Caller } from './caller.js'
import { DEFAULT_GROUP_SETTINGS, type Group } from './namespace.js'
import {
  canCreateSubgroup,
  canManageMembers,
  canManageOwners,
  canReadGroup,
  canReadGroupMembers,
  canReadNamespace,
  canRevokeToken,
  requireAdmin,
} from './policy.js'
import type { PersonalAccessToken } from './token.js'

const user: Caller = { userId: 7, admin: false, scopes: ['api'] }
const admin: Caller = { userId: 1, admin: true, scopes: ['api'] }
const anonymous: Caller = { userId: undefined, admin: false, scopes: [] }

function group(visibilityLevel: number, subgroupCreationLevel = 'maintainer'): Group {
  return {
    id: 3,
    kind: 'group',
    name: 'g',
    path: 'g',
    fullPath: 'g',
    fullName: 'g',
    parentId: null,
    ownerId: null,
    visibilityLevel,
    traversalIds: [3],
    description: '',
    createdAt: new Date(0),
    settings: { ...DEFAULT_GROUP_SETTINGS, subgroupCreationLevel },
  }
}

const facts = { level: 0, memberWithin: false, internalVisible: false }

describe('canReadGroup', () => {
  it('shows public groups to anyone', () => {
    expect(canReadGroup(group(20), { ...facts, caller: anonymous })).toBe(true)
  })

  it('shows internal groups to signed-in users who are not external', () => {
    expect(canReadGroup(group(10), { ...facts, caller: anonymous })).toBe(false)
    expect(canReadGroup(group(10), { ...facts, caller: user, internalVisible: true })).toBe(true)
  })

  it('shows private groups to members, members below, and admins', () => {
    expect(canReadGroup(group(0), { ...facts, caller: user })).toBe(false)
    expect(canReadGroup(group(0), { ...facts, caller: user, level: 10 })).toBe(true)
    expect(canReadGroup(group(0), { ...facts, caller: user, memberWithin: true })).toBe(true)
    expect(canReadGroup(group(0), { ...facts, caller: admin })).toBe(true)
  })

  it('hides a private group’s members from those without access', () => {
    expect(canReadGroupMembers(group(0), user, 0)).toBe(false)
    expect(canReadGroupMembers(group(20), user, 0)).toBe(true)
  })
})

describe('group management', () => {
  it('lets maintainers create subgroups unless the parent wants owners', () => {
    expect(canCreateSubgroup(user, group(0), 40)).toBe(true)
    expect(canCreateSubgroup(user, group(0), 30)).toBe(false)
    expect(canCreateSubgroup(user, group(0, 'owner'), 40)).toBe(false)
    expect(canCreateSubgroup(admin, group(0, 'owner'), 0)).toBe(true)
  })

  it('needs Owner for group members and Maintainer for project members', () => {
    expect(canManageMembers(user, 'Namespace', 40)).toBe(false)
    expect(canManageMembers(user, 'Namespace', 50)).toBe(true)
    expect(canManageMembers(user, 'Project', 40)).toBe(true)
    expect(canManageMembers(user, 'Project', 30)).toBe(false)
    expect(canManageOwners(user, 40)).toBe(false)
    expect(canManageMembers(admin, 'Namespace', 0)).toBe(true)
  })

  it('lets only the owner (or an admin) read a personal namespace', () => {
    const personal = { ...group(20), kind: 'user' as const, ownerId: 7 }
    expect(canReadNamespace(personal, user, 0)).toBe(true)
    expect(canReadNamespace({ ...personal, ownerId: 8 }, user, 0)).toBe(false)
    expect(canReadNamespace(group(20), user, 0)).toBe(false)
    expect(canReadNamespace(group(20), user, 10)).toBe(true)
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
