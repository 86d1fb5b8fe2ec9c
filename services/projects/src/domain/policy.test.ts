import { accessIn, canAdminister, canCreateInGroup, canRead, canRename } from './policy.js'
import type { ProjectNamespace } from './project.js'

const anonymous = { userId: undefined, admin: false }
const user = { userId: 7, admin: false }
const admin = { userId: 1, admin: true }

function namespace(overrides: Partial<ProjectNamespace> = {}): ProjectNamespace {
  return {
    id: 4,
    fullPath: 'top/sub',
    fullName: 'Top / Sub',
    kind: 'group',
    parentId: 3,
    traversalIds: [3, 4],
    ownerId: null,
    ...overrides,
  }
}

describe('accessIn', () => {
  it('is the max of the project membership and the groups above it', () => {
    const memberships = { projects: new Map([[9, 30]]), groups: new Map([[3, 40]]) }
    expect(accessIn({ id: 9, namespace: namespace() }, 7, memberships)).toEqual({
      level: 40,
      projectLevel: 30,
      groupLevel: 40,
    })
  })

  it('makes the owner of a personal namespace Owner', () => {
    const personal = namespace({ kind: 'user', traversalIds: [], ownerId: 7 })
    const none = { projects: new Map(), groups: new Map() }
    expect(accessIn({ id: 9, namespace: personal }, 7, none).level).toBe(50)
  })

  it('gives nothing to an anonymous caller', () => {
    const memberships = { projects: new Map([[9, 30]]), groups: new Map() }
    expect(accessIn({ id: 9, namespace: namespace() }, undefined, memberships).level).toBe(0)
  })
})

describe('canRead', () => {
  it.each([
    ['public', anonymous, 0, true],
    ['internal', anonymous, 0, false],
    ['internal', user, 0, true],
    ['private', user, 0, false],
    ['private', user, 5, false],
    ['private', user, 10, true],
    ['private', admin, 0, true],
  ] as const)('%s for %o at %i: %s', (visibility, caller, level, readable) => {
    expect(canRead({ visibility }, caller, level)).toBe(readable)
  })
})

describe('edit rules', () => {
  it('needs Maintainer to edit and Owner to rename', () => {
    expect(canAdminister(user, 30)).toBe(false)
    expect(canAdminister(user, 40)).toBe(true)
    expect(canRename(user, 40)).toBe(false)
    expect(canRename(user, 50)).toBe(true)
    expect(canRename(admin, 0)).toBe(true)
  })
})

describe('canCreateInGroup', () => {
  it('follows project_creation_level', () => {
    expect(canCreateInGroup(user, 30, 'developer')).toBe(true)
    expect(canCreateInGroup(user, 20, 'developer')).toBe(false)
    expect(canCreateInGroup(user, 30, 'maintainer')).toBe(false)
    expect(canCreateInGroup(user, 50, 'noone')).toBe(false)
    expect(canCreateInGroup(admin, 0, 'noone')).toBe(true)
  })
})
