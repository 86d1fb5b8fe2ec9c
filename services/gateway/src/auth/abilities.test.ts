import { ProjectAbilities } from '@suite/proto'
import { groupAbilitiesFixture, projectAbilitiesFixture } from '../testing/abilities-fixture.js'
import { HttpError } from '../errors/http-error.js'
import {
  canInGroup,
  canInProject,
  requireGroupAbility,
  requireProjectAbility,
} from './abilities.js'

describe('reading the abilities the owning service answered', () => {
  it('grants what the answer grants and nothing without an answer', () => {
    const developer = projectAbilitiesFixture()
    expect(canInProject(developer, 'pushCode')).toBe(true)
    expect(canInProject(developer, 'adminProject')).toBe(false)
    expect(canInProject(undefined, 'readProject')).toBe(false)
    expect(canInProject(ProjectAbilities.create(), 'readProject')).toBe(false)
    expect(canInGroup(groupAbilitiesFixture(), 'adminGroupMember')).toBe(true)
    expect(canInGroup(undefined, 'readGroup')).toBe(false)
  })

  it('answers 403 Forbidden for a missing ability', () => {
    const refused = (check: () => void) => {
      try {
        check()
      } catch (error) {
        return error instanceof HttpError ? { status: error.status, body: error.body } : error
      }
      return undefined
    }
    const forbidden = { status: 403, body: { message: '403 Forbidden' } }
    expect(refused(() => requireProjectAbility(projectAbilitiesFixture(), 'readCode'))).toBe(
      undefined,
    )
    expect(refused(() => requireProjectAbility(undefined, 'readCode'))).toEqual(forbidden)
    const group = groupAbilitiesFixture({ adminGroup: false })
    expect(refused(() => requireGroupAbility(group, 'adminGroup'))).toEqual(forbidden)
  })
})
