import { AccessLevel } from '@suite/proto'
import {
  effectiveAccessLevel,
  humanAccess,
  isMemberAccessLevel,
  reachesLevel,
} from './access-level.js'

const { ACCESS_LEVEL_GUEST, ACCESS_LEVEL_DEVELOPER, ACCESS_LEVEL_MAINTAINER } = AccessLevel

describe('effectiveAccessLevel', () => {
  it('takes the highest of direct and inherited memberships', () => {
    expect(
      effectiveAccessLevel([
        { sourceType: 'Namespace', sourceId: 1, accessLevel: 30, memberRoleId: null },
        { sourceType: 'Namespace', sourceId: 2, accessLevel: 10, memberRoleId: 4 },
        { sourceType: 'Project', sourceId: 9, accessLevel: 40, memberRoleId: null },
      ]),
    ).toBe(ACCESS_LEVEL_MAINTAINER)
  })

  it('is 0 without memberships, and Owner for a personal namespace owner', () => {
    expect(effectiveAccessLevel([])).toBe(0)
    expect(effectiveAccessLevel([], true)).toBe(50)
  })
})

describe('access level names and values', () => {
  it('names levels as GitLab does', () => {
    expect(humanAccess(ACCESS_LEVEL_DEVELOPER)).toBe('Developer')
    expect(humanAccess(50)).toBe('Owner')
    expect(humanAccess(0)).toBe('No access')
  })

  it('knows the valid membership levels', () => {
    expect([10, 20, 30, 40, 50].every(isMemberAccessLevel)).toBe(true)
    expect(isMemberAccessLevel(ACCESS_LEVEL_GUEST)).toBe(true)
    expect(isMemberAccessLevel(25)).toBe(false)
    expect(isMemberAccessLevel(0)).toBe(false)
  })

  it('compares stored levels with the enum', () => {
    expect(reachesLevel(50, AccessLevel.ACCESS_LEVEL_OWNER)).toBe(true)
    expect(reachesLevel(40, AccessLevel.ACCESS_LEVEL_OWNER)).toBe(false)
    expect(reachesLevel(40, ACCESS_LEVEL_MAINTAINER)).toBe(true)
  })
})
