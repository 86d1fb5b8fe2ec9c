import { assertLinearGrowth } from '@suite/runtime/testing'
import { afterFailure, alertStatus, branchMatches, RECOVERED, type FailureState } from './hook.js'

const NOW = new Date('2026-11-26T12:00:00Z')
const minutes = (state: FailureState) =>
  state.disabledUntil ? (state.disabledUntil.getTime() - NOW.getTime()) / 60_000 : undefined

describe('auto-disabling', () => {
  it('counts three failures, then rests a minute, doubling each failure up to a day', () => {
    let state: FailureState = RECOVERED
    const rests: (number | undefined)[] = []
    for (let failure = 1; failure <= 16; failure++) {
      // Each failure comes once the hook is executable again.
      state = afterFailure(
        state.disabledUntil ? { ...state, disabledUntil: new Date(0) } : state,
        NOW,
      )
      if (failure > 3) expect(alertStatus(state, NOW)).toBe('temporarily_disabled')
      rests.push(minutes(state))
    }
    expect(rests.slice(0, 8)).toEqual([undefined, undefined, undefined, 1, 2, 4, 8, 16])
    expect(rests.slice(13)).toEqual([1024, 1440, 1440])
  })

  it('disables for good at the fortieth failure in a row, and a success recovers', () => {
    const state = afterFailure({ recentFailures: 39, disabledUntil: new Date(0) }, NOW)
    expect(state.recentFailures).toBe(40)
    expect(alertStatus(state, NOW)).toBe('disabled')
    expect(afterFailure(state, NOW)).toBe(state)
    expect(alertStatus(RECOVERED, NOW)).toBe('executable')
  })

  it('reads a row past the threshold with no end as disabled, as GitLab does', () => {
    expect(alertStatus({ recentFailures: 4, disabledUntil: undefined }, NOW)).toBe('disabled')
    expect(alertStatus({ recentFailures: 5, disabledUntil: new Date(0) }, NOW)).toBe('executable')
  })

  it('does not count a failure while the hook rests', () => {
    const resting = { recentFailures: 5, disabledUntil: new Date(NOW.getTime() + 60_000) }
    expect(afterFailure(resting, NOW)).toBe(resting)
  })
})

describe('push_events_branch_filter', () => {
  const hook = (filter: string | undefined, strategy: 'wildcard' | 'regex' | 'all_branches') => ({
    pushEventsBranchFilter: filter,
    branchFilterStrategy: strategy,
  })

  it('matches wildcards against the whole name', () => {
    expect(branchMatches(hook('release/*', 'wildcard'), 'release/1.0')).toBe(true)
    expect(branchMatches(hook('release/*', 'wildcard'), 'pre-release/1.0')).toBe(false)
    expect(branchMatches(hook('main', 'wildcard'), 'main')).toBe(true)
    expect(branchMatches(hook('main', 'wildcard'), 'mainline')).toBe(false)
    expect(branchMatches(hook('v1.0', 'wildcard'), 'v1x0')).toBe(false)
  })

  it('matches regexes anywhere in the name, and every branch without a filter', () => {
    expect(branchMatches(hook('^feat', 'regex'), 'feature/x')).toBe(true)
    expect(branchMatches(hook('fix$', 'regex'), 'hotfix-2')).toBe(false)
    expect(branchMatches(hook(undefined, 'wildcard'), 'anything')).toBe(true)
    expect(branchMatches(hook('main', 'all_branches'), 'other')).toBe(true)
  })

  it('runs regexes on RE2: a pattern that backtracks forever in JavaScript answers', () => {
    // With RegExp, this match would not end within the test's timeout.
    expect(branchMatches(hook('^(a+)+$', 'regex'), `${'a'.repeat(5000)}!`)).toBe(false)
    expect(branchMatches(hook('(a+)+', 'regex'), `${'a'.repeat(5000)}!`)).toBe(true)
  })

  it('matches a wildcard in time linear in the branch name (a RegExp backtracked on `a*a*…b`)', () => {
    const filter = hook(`${'a*'.repeat(12)}b*`, 'wildcard')
    expect(branchMatches(filter, `${'a'.repeat(100)}b`)).toBe(true)
    assertLinearGrowth({
      input: (n) => 'a'.repeat(n),
      run: (branch) => branchMatches(filter, branch),
      n: 20_000,
    })
  })
})
