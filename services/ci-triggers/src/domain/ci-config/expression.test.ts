import { isTruthful, parseExpression } from './expression.js'

const truth = (text: string, scope: Record<string, string> = {}): boolean => {
  const node = parseExpression(text)
  if (!node) throw new Error(`unparseable: ${text}`)
  return isTruthful(node, scope)
}

describe('if: expressions', () => {
  const scope = {
    CI_PIPELINE_SOURCE: 'push',
    BRANCH: 'main',
    EMPTY: '',
    PATTERN: '/^ma/',
    OTHER: 'main',
  }

  it('treats a bare variable as true when set and non-empty', () => {
    expect(truth('$BRANCH', scope)).toBe(true)
    expect(truth('$EMPTY', scope)).toBe(false)
    expect(truth('$MISSING', scope)).toBe(false)
  })

  it('compares with == and != against strings in either quote, null and variables', () => {
    expect(truth('$CI_PIPELINE_SOURCE == "push"', scope)).toBe(true)
    expect(truth("$CI_PIPELINE_SOURCE == 'web'", scope)).toBe(false)
    expect(truth('$CI_PIPELINE_SOURCE != "web"', scope)).toBe(true)
    expect(truth('$MISSING == null', scope)).toBe(true)
    expect(truth('$EMPTY == null', scope)).toBe(false)
    expect(truth('$BRANCH == $OTHER', scope)).toBe(true)
  })

  it('matches regexps with flags, and patterns held in variables', () => {
    expect(truth('$BRANCH =~ /^MA/i', scope)).toBe(true)
    expect(truth('$BRANCH =~ /^ma/', scope)).toBe(true)
    expect(truth('$BRANCH !~ /^ma/', scope)).toBe(false)
    expect(truth('$BRANCH =~ $PATTERN', scope)).toBe(true)
    expect(truth('$MISSING =~ /x/', scope)).toBe(false)
  })

  it('binds && tighter than || and honours parentheses', () => {
    expect(truth('$BRANCH == "x" && $EMPTY || $BRANCH', scope)).toBe(true)
    expect(truth('$BRANCH == "x" && ($EMPTY || $BRANCH)', scope)).toBe(false)
    expect(truth('($BRANCH == "main" || $X) && $CI_PIPELINE_SOURCE == "push"', scope)).toBe(true)
  })

  it('refuses invalid syntax', () => {
    for (const text of [
      '',
      '$A ==',
      '== "a"',
      '$A = "a"',
      '($A',
      '$A "b"',
      'foo',
      // RE2 has no backreferences or lookaround.
      '$A =~ /\\1/',
      '$A =~ /a(?=b)/',
    ]) {
      expect(parseExpression(text)).toBeNull()
    }
  })

  // A backtracking engine would not finish these; RE2's automaton answers at once.
  it('matches patterns that backtrack exponentially elsewhere, and common version patterns', () => {
    const subject = 'a'.repeat(8000)
    for (const re of ['(a|aa)*b', '(a+)+$b', '(x*)*y', '^a*a*b$']) {
      expect(truth(`$S =~ /${re}/`, { S: subject })).toBe(false)
    }
    expect(truth('$S =~ /(a+)+$/', { S: subject })).toBe(true)
    expect(truth('$T =~ /^v(\\d+\\.)+\\d+$/', { T: 'v1.2.3' })).toBe(true)
    expect(truth('$T =~ /^V1/i', { T: 'v1.0' })).toBe(true)
  })
})
