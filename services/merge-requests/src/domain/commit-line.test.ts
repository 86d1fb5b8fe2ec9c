import { assertLinearGrowth } from '@suite/runtime/testing'
import { diffHasLine, findCommitLine } from './commit-line.js'

const DIFF = ['@@ -1,3 +1,4 @@', ' one', '-two', '+deux', '+trois', ' three', ''].join('\n')

describe('diffHasLine: a line of the commit diff by type and number', () => {
  it('finds an added line by its new number and a removed one by its old number', () => {
    expect(diffHasLine(DIFF, { line: 2, lineType: 'new' })).toBe(true)
    expect(diffHasLine(DIFF, { line: 3, lineType: 'new' })).toBe(true)
    expect(diffHasLine(DIFF, { line: 2, lineType: 'old' })).toBe(true)
  })

  it('finds no context line and no line outside the hunks', () => {
    expect(diffHasLine(DIFF, { line: 1, lineType: 'new' })).toBe(false)
    expect(diffHasLine(DIFF, { line: 4, lineType: 'new' })).toBe(false)
    expect(diffHasLine(DIFF, { line: 1, lineType: 'old' })).toBe(false)
  })

  it('follows a later hunk from its own header', () => {
    const twoHunks = `${DIFF}@@ -20,2 +21,3 @@\n twenty\n+added\n`
    expect(diffHasLine(twoHunks, { line: 22, lineType: 'new' })).toBe(true)
    expect(diffHasLine(twoHunks, { line: 21, lineType: 'new' })).toBe(false)
  })

  it('reads a malformed header as no line', () => {
    expect(diffHasLine('@@ nonsense\n+x\n', { line: 1, lineType: 'new' })).toBe(false)
  })

  it('grows linearly with the diff', () => {
    assertLinearGrowth({
      input: (n) => `@@ -1 +1,${n} @@\n${'+a\n'.repeat(n)}`,
      run: (diff) => diffHasLine(diff, { line: -1, lineType: 'new' }),
      n: 20_000,
    })
  })
})

describe('findCommitLine', () => {
  const files = [
    { newPath: 'a.txt', diff: DIFF },
    { newPath: 'b.txt', diff: '@@ -0,0 +1 @@\n+b\n' },
  ]

  it('is the posted line when its file has it', () => {
    const posted = { path: 'b.txt', line: 1, lineType: 'new' as const }
    expect(findCommitLine(files, posted)).toEqual(posted)
  })

  it('is undefined for another file or a line the diff lacks', () => {
    expect(findCommitLine(files, { path: 'c.txt', line: 1, lineType: 'new' })).toBeUndefined()
    expect(findCommitLine(files, { path: 'a.txt', line: 9, lineType: 'new' })).toBeUndefined()
  })
})
