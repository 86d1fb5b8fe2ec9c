import { AccessLevel } from '@suite/proto'
import {
  allowsForcePush,
  DEFAULT_BRANCH_PROTECTION,
  developersCan,
  type ProtectedBranch,
} from './protected-branch.js'
import { branchAccess, type ProtectedRefActor } from './protected-branch-policy.js'

function rule(name: string, overrides: Partial<ProtectedBranch> = {}): ProtectedBranch {
  return { id: 1, projectId: 1, name, ...DEFAULT_BRANCH_PROTECTION, ...overrides }
}

const developer: ProtectedRefActor = {
  admin: false,
  accessLevel: AccessLevel.ACCESS_LEVEL_DEVELOPER,
  pushCode: true,
  pushToProtectedBranch: false,
}
const maintainer: ProtectedRefActor = {
  admin: false,
  accessLevel: AccessLevel.ACCESS_LEVEL_MAINTAINER,
  pushCode: true,
  pushToProtectedBranch: true,
}
const admin: ProtectedRefActor = { ...maintainer, admin: true }

describe('rules', () => {
  it('allows force pushes when any matching rule does', () => {
    const rules = [rule('main'), rule('ma*', { allowForcePush: true })]
    expect(allowsForcePush(rules, 'main')).toBe(true)
    expect(allowsForcePush([rule('main')], 'main')).toBe(false)
  })

  it('tells whether Developers may push or merge', () => {
    const rules = [rule('main', { mergeAccessLevel: 30 })]
    expect(developersCan(rules, 'main', 'push')).toBe(false)
    expect(developersCan(rules, 'main', 'merge')).toBe(true)
    expect(developersCan(rules, 'other', 'merge')).toBe(false)
  })
})

describe('branchAccess', () => {
  it('lets anyone with push_code do anything to an unprotected branch', () => {
    expect(branchAccess([rule('main')], 'topic', developer)).toEqual({
      protected: false,
      canPush: true,
      canMerge: true,
      canForcePush: true,
      canDelete: true,
    })
  })

  it('keeps a Developer off the default protection, lets a Maintainer push but not force', () => {
    const rules = [rule('main')]
    expect(branchAccess(rules, 'main', developer)).toMatchObject({
      protected: true,
      canPush: false,
      canMerge: false,
      canForcePush: false,
      canDelete: false,
    })
    expect(branchAccess(rules, 'main', maintainer)).toMatchObject({
      canPush: true,
      canMerge: true,
      canForcePush: false,
      canDelete: true,
    })
  })

  it('allows when any matching rule allows', () => {
    const rules = [rule('main'), rule('m*', { pushAccessLevel: 30, allowForcePush: true })]
    expect(branchAccess(rules, 'main', developer)).toMatchObject({
      canPush: true,
      canForcePush: true,
      canMerge: false,
    })
  })

  it('gives No one to nobody and Admins to administrators only', () => {
    const rules = [rule('main', { pushAccessLevel: 0, mergeAccessLevel: 60 })]
    expect(branchAccess(rules, 'main', admin)).toMatchObject({ canPush: false, canMerge: true })
    expect(branchAccess(rules, 'main', maintainer)).toMatchObject({
      canPush: false,
      canMerge: false,
    })
  })

  it('gives nothing without push_code', () => {
    const reporter = { ...developer, pushCode: false }
    expect(branchAccess([], 'topic', reporter).canPush).toBe(false)
  })
})
