import type { DiffFile } from './diff-version.js'
import { diffLines, positionFindsLine, type DiffPosition } from './diff-position.js'

const DIFF = [
  '@@ -1,3 +1,4 @@',
  ' first',
  '-second',
  '+second, changed',
  '+inserted',
  ' third',
  '\\ No newline at end of file',
  '',
].join('\n')

function file(newPath: string, diff = DIFF): DiffFile {
  return { oldPath: newPath, newPath, diff } as DiffFile
}

function at(oldLine: number | null, newLine: number | null, newPath = 'a.txt'): DiffPosition {
  return {
    baseSha: 'b',
    startSha: 's',
    headSha: 'h',
    positionType: 'text',
    oldPath: newPath,
    newPath,
    oldLine,
    newLine,
  }
}

describe('diffLines', () => {
  it('numbers removed, added and unchanged lines on their sides', () => {
    expect(diffLines(DIFF)).toEqual([
      { oldLine: 1, newLine: 1 },
      { oldLine: 2, newLine: null },
      { oldLine: null, newLine: 2 },
      { oldLine: null, newLine: 3 },
      { oldLine: 3, newLine: 4 },
    ])
  })
})

describe('positionFindsLine', () => {
  const files = [file('a.txt')]
  it('finds an added, a removed and an unchanged line', () => {
    expect(positionFindsLine(files, at(null, 3))).toBe(true)
    expect(positionFindsLine(files, at(2, null))).toBe(true)
    expect(positionFindsLine(files, at(3, 4))).toBe(true)
  })
  it('refuses a line outside the diff, a half-named unchanged line, another file', () => {
    expect(positionFindsLine(files, at(null, 40))).toBe(false)
    expect(positionFindsLine(files, at(null, 4))).toBe(false)
    expect(positionFindsLine(files, at(null, 3, 'b.txt'))).toBe(false)
    expect(positionFindsLine(files, at(null, null))).toBe(false)
  })
})
