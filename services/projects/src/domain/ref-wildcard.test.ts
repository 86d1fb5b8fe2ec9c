import { assertLinearGrowth } from '@suite/runtime/testing'
import { refMatchesPattern } from './ref-wildcard.js'

/** GitLab's RefMatcher#wildcard_regex, as a RegExp: the reference the matcher must agree with. */
function gitlabWildcard(pattern: string): RegExp {
  const quoted = pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${quoted.join('.*?')}$`)
}

describe('refMatchesPattern: GitLab RefMatcher', () => {
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
    expect(refMatchesPattern(pattern, branch)).toBe(expected)
  })

  it('matches a name equal to the pattern, and wildcards against the whole name', () => {
    expect(refMatchesPattern('main', 'main')).toBe(true)
    expect(refMatchesPattern('main', 'mainline')).toBe(false)
    expect(refMatchesPattern('release/*', 'release/1.0')).toBe(true)
    expect(refMatchesPattern('release/*', 'pre-release/1.0')).toBe(false)
    expect(refMatchesPattern('*-stable', '15-0-stable')).toBe(true)
    expect(refMatchesPattern('feature/*/ui', 'feature/x/y/ui')).toBe(true)
    expect(refMatchesPattern('v1.*', 'v1x0')).toBe(false)
    expect(refMatchesPattern('*', 'anything')).toBe(true)
    expect(refMatchesPattern('a*a', 'a')).toBe(false)
    expect(refMatchesPattern('', 'main')).toBe(false)
  })

  it('agrees with the RegExp GitLab builds on every small pattern and name', () => {
    const alphabet = ['a', 'b', '*', '.']
    const strings = (length: number): string[] =>
      length === 0 ? [''] : strings(length - 1).flatMap((s) => alphabet.map((c) => s + c))
    const patterns = [1, 2, 3, 4].flatMap(strings)
    const names = [0, 1, 2, 3, 4].flatMap(strings).filter((name) => !name.includes('*'))
    const disagreements: string[] = []
    for (const pattern of patterns) {
      const regex = gitlabWildcard(pattern)
      for (const name of names) {
        if (refMatchesPattern(pattern, name) !== (name === pattern || regex.test(name))) {
          disagreements.push(`${pattern} ~ ${name}`)
        }
      }
    }
    expect(disagreements).toEqual([])
  })

  it('takes time linear in the name for `a*a*…b*` (a RegExp backtracks on it)', () => {
    const pattern = `${'a*'.repeat(12)}b*`
    assertLinearGrowth({
      input: (n) => 'a'.repeat(n),
      run: (name) => refMatchesPattern(pattern, name),
      n: 20_000,
    })
  })
  it('takes time linear in the pattern too (`*a*a…*b` against a near miss)', () => {
    // A protected branch rule's pattern is as long as a user makes it.
    const name = `${'a'.repeat(3_999)}b`
    assertLinearGrowth({
      input: (n) => `${'*a'.repeat(n)}*b`,
      run: (pattern) => refMatchesPattern(pattern, name.slice(-pattern.length / 2)),
      n: 1_000,
    })
  })
})
