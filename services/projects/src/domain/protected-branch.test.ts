import { AccessLevel } from '@suite/proto'
import {
  allowsForcePush,
  DEFAULT_BRANCH_PROTECTION,
  developersCan,
  matchesRef,
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

describe('matchesRef', () => {
  it.each([
    ['main', 'main', true],
    ['main', 'main2', false],
    ['release/*', 'release/1.0', true],
    ['release/*', 'release/', true],
    ['release/*', 'release', false],
    ['*-stable', '1-0-stable', true],
    ['*-stable', '1-0-stable-x', false],
    ['*', 'anything/at/all', true],
    ['a*b*c', 'abc', true],
    ['a*b*c', 'axxbyyc', true],
    ['a*b*c', 'acb', false],
    ['a*a', 'a', false],
    ['feat*/*fix', 'feature/hotfix', true],
    ['v.*', 'vX1', false],
  ])('%s against %s is %s', (pattern, branch, expected) => {
    expect(matchesRef(pattern, branch)).toBe(expected)
  })

  it('stays linear on adversarial input (n vs 4n characters)', () => {
    // Many stars and near-misses: a backtracking matcher is quadratic here.
    const input = (n: number) => ({
      pattern: `${'*a'.repeat(n)}*b`,
      branch: `${'a'.repeat(n - 1)}b`,
    })
    const small = input(1_000)
    const large = input(4_000)
    const once = ({ pattern, branch }: { pattern: string; branch: string }) => {
      const started = process.hrtime.bigint()
      for (let i = 0; i < 50; i++) matchesRef(pattern, branch)
      return Number(process.hrtime.bigint() - started)
    }
    // Sizes stay within CPU caches (names are short anyway), so the growth is the algorithm's.
    // Interleaved trials, the fastest of each size: other processes only add time.
    let smallTime = Number.POSITIVE_INFINITY
    let largeTime = Number.POSITIVE_INFINITY
    for (let trial = 0; trial < 30; trial++) {
      smallTime = Math.min(smallTime, once(small))
      largeTime = Math.min(largeTime, once(large))
    }
    // Quadratic work grows 16x from n to 4n; linear about 4x.
    expect(largeTime / smallTime).toBeLessThan(10)
  })
})

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
