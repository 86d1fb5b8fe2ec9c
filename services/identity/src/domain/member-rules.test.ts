import { DEFAULT_GROUP_SETTINGS, type Group } from './namespace.js'
import { highestInherited, isLastOwner, memberErrors } from './member-rules.js'

const now = new Date('2026-03-10T12:00:00Z')

function group(id: number, name: string): Group {
  return {
    id,
    kind: 'group',
    name,
    path: name.toLowerCase(),
    fullPath: name.toLowerCase(),
    fullName: name,
    parentId: null,
    ownerId: null,
    visibilityLevel: 0,
    traversalIds: [id],
    description: '',
    createdAt: now,
    settings: DEFAULT_GROUP_SETTINGS,
  }
}

describe('memberErrors', () => {
  it('refuses unknown levels', () => {
    expect(memberErrors({ accessLevel: 25, inherited: undefined }, now).toJSON()).toEqual({
      access_level: ['is not included in the list'],
    })
  })

  it('refuses a level under the inherited one, naming the group', () => {
    const inherited = { accessLevel: 30, group: group(1, 'Gitlab Org') }
    expect(memberErrors({ accessLevel: 20, inherited }, now).toJSON()).toEqual({
      access_level: [
        'should be greater than or equal to Developer inherited membership from group Gitlab Org',
      ],
    })
    expect(memberErrors({ accessLevel: 30, inherited }, now).empty).toBe(true)
  })

  it('checks expiry dates', () => {
    expect(memberErrors({ expiresAt: '2026-03-09', inherited: undefined }, now).toJSON()).toEqual({
      expires_at: ['cannot be a date in the past'],
    })
    expect(memberErrors({ expiresAt: '2026-03-10', inherited: undefined }, now).empty).toBe(true)
    expect(memberErrors({ expiresAt: '2026-02-30', inherited: undefined }, now).toJSON()).toEqual({
      expires_at: ['is invalid'],
    })
  })
})

describe('highestInherited and isLastOwner', () => {
  it('finds the highest membership above the source', () => {
    const top = group(1, 'Top')
    const mid = group(2, 'Mid')
    const found = highestInherited(
      [
        { sourceId: 1, accessLevel: 20 },
        { sourceId: 2, accessLevel: 40 },
        { sourceId: 5, accessLevel: 50 },
      ],
      [top, mid],
    )
    expect(found).toEqual({ accessLevel: 40, group: mid })
  })

  it('knows a sole owner', () => {
    expect(isLastOwner([4], 4)).toBe(true)
    expect(isLastOwner([4, 5], 4)).toBe(false)
    expect(isLastOwner([5], 4)).toBe(false)
  })
})
