import { assertLinearGrowth, seededTexts } from '@suite/runtime/testing'
import { messageSkipsCi } from './skip-ci.js'

/** GitLab's SKIP_PATTERN, which the scanner replaces. */
const GITLAB_PATTERN = /\[(ci[ _-]skip|skip[ _-]ci)\]/i

describe('messageSkipsCi', () => {
  it.each([
    ['Update README [skip ci]', true],
    ['[ci skip] docs', true],
    ['title\n\nbody [CI SKIP]', true],
    ['[Skip-CI]', true],
    ['[ci_skip]', true],
    ['[skip  ci]', false],
    ['skip ci', false],
    ['[ci skip', false],
    ['[[skip ci]]', true],
    ['', false],
  ])('%j -> %s', (message, skips) => {
    expect(messageSkipsCi(message)).toBe(skips)
  })

  it('answers as GitLab pattern does', () => {
    const pieces = ['[', ']', 'ci', 'skip', ' ', '-', '_', 'SKIP', 'Ci', 'x', '\n']
    for (const text of seededTexts(pieces, 12, 3000)) {
      expect([text, messageSkipsCi(text)]).toEqual([text, GITLAB_PATTERN.test(text)])
    }
  })

  it.each([
    ['brackets', (n: number) => '['.repeat(n)],
    ['near misses', (n: number) => '[skip c'.repeat(Math.ceil(n / 7))],
  ])('takes linear time on %s', (_shape, input) => {
    assertLinearGrowth({ input, run: messageSkipsCi, n: 20_000 })
  })
})
