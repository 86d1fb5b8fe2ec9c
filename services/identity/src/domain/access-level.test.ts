import { effectiveAccessLevel, humanAccess, isMemberAccessLevel } from './access-level.js'

describe('effectiveAccessLevel', () => {
  it('takes the highest of direct and inherited memberships', () => {
    expect(
      effectiveAccessLevel([
        { sourceType: 'Namespace', sourceId: 1, accessLevel: 30 },
        { sourceType: 'Namespace', sourceId: 2, accessLevel: 10 },
        { sourceType: 'Project', sourceId: 9, accessLevel: 40 },
      ]),
    ).toBe(40)
  })

  it('is 0 without memberships, and Owner for a personal namespace owner', () => {
    expect(effectiveAccessLevel([])).toBe(0)
    expect(effectiveAccessLevel([], true)).toBe(50)
  })
})

describe('access level names and values', () => {
  it('names levels as GitLab does', () => {
    expect(humanAccess(30)).toBe('Developer')
    expect(humanAccess(50)).toBe('Owner')
  })

  it('knows the valid membership levels', () => {
    expect([10, 20, 30, 40, 50].every(isMemberAccessLevel)).toBe(true)
    expect(isMemberAccessLevel(25)).toBe(false)
    expect(isMemberAccessLevel(0)).toBe(false)
  })
})
