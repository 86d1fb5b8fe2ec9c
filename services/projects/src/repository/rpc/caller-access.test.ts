import { ProjectAbilities, type Caller } from '@suite/proto'
import { ForbiddenError } from '@suite/runtime'
import { requireRepositoryAbility } from './caller-access.js'

const PROJECT = 7

function caller(abilities: Partial<ProjectAbilities> | undefined, extra: Partial<Caller> = {}) {
  return {
    userId: 5,
    admin: false,
    scopes: ['api'],
    project: abilities && ProjectAbilities.fromPartial({ projectId: PROJECT, ...abilities }),
    ...extra,
  }
}

describe('requireRepositoryAbility', () => {
  it('lets a caller through whose abilities in this project grant the write', () => {
    expect(() =>
      requireRepositoryAbility(caller({ pushCode: true }), PROJECT, 'pushCode'),
    ).not.toThrow()
    expect(() =>
      requireRepositoryAbility(caller({ adminTag: true }), PROJECT, 'adminTag'),
    ).not.toThrow()
  })

  it.each([
    ['no caller', undefined],
    ['a caller without abilities', caller(undefined)],
    ['read_code only', caller({ readCode: true })],
    ['push_code in another project', caller({ pushCode: true, projectId: PROJECT + 1 })],
    ['admin: true without the ability', caller({ readCode: true }, { admin: true })],
    ['admin: true and no abilities at all', caller(undefined, { admin: true })],
  ])('refuses %s (PERMISSION_DENIED)', (_name, who) => {
    expect(() => requireRepositoryAbility(who, PROJECT, 'pushCode')).toThrow(ForbiddenError)
  })

  it('asks for the ability the write needs: tags want admin_tag, not push_code', () => {
    expect(() => requireRepositoryAbility(caller({ pushCode: true }), PROJECT, 'adminTag')).toThrow(
      ForbiddenError,
    )
  })

  it('asks a git fetch for read_code only', () => {
    expect(() =>
      requireRepositoryAbility(caller({ readCode: true }), PROJECT, 'readCode'),
    ).not.toThrow()
    expect(() =>
      requireRepositoryAbility(caller({ readProject: true }), PROJECT, 'readCode'),
    ).toThrow(ForbiddenError)
  })

  it('lets a system write through (a new project’s initial commit), and only when marked', () => {
    expect(() =>
      requireRepositoryAbility(caller(undefined, { system: true }), PROJECT, 'pushCode'),
    ).not.toThrow()
    expect(() =>
      requireRepositoryAbility(caller(undefined, { system: false }), PROJECT, 'pushCode'),
    ).toThrow(ForbiddenError)
  })
})
