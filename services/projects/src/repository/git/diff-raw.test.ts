import { parseRawDiff } from './diff-raw.js'
import { parseTrailers } from './trailers.js'

const A = 'a'.repeat(40)
const Z = '0'.repeat(40)

describe('parseRawDiff', () => {
  it('reads modes, renames, additions and splits a type change in two', () => {
    const output = [
      `:000000 100644 ${Z} ${A} A`,
      'new file.txt',
      `:100644 100755 ${A} ${A} R100`,
      'old',
      'new',
      `:100644 120000 ${A} ${A} T`,
      'link',
      '',
    ].join('\0')
    expect(parseRawDiff(output)).toEqual([
      {
        oldPath: 'new file.txt',
        newPath: 'new file.txt',
        aMode: '0',
        bMode: '100644',
        newFile: true,
        deletedFile: false,
        renamedFile: false,
      },
      {
        oldPath: 'old',
        newPath: 'new',
        aMode: '100644',
        bMode: '100755',
        newFile: false,
        deletedFile: false,
        renamedFile: true,
      },
      {
        oldPath: 'link',
        newPath: 'link',
        aMode: '100644',
        bMode: '0',
        newFile: false,
        deletedFile: true,
        renamedFile: false,
      },
      {
        oldPath: 'link',
        newPath: 'link',
        aMode: '0',
        bMode: '120000',
        newFile: true,
        deletedFile: false,
        renamedFile: false,
      },
    ])
  })
})

describe('parseTrailers', () => {
  it('keeps order and duplicate keys', () => {
    expect(parseTrailers('A\x1dx\x1eB\x1dy\x1eA\x1dz')).toEqual([
      { key: 'A', value: 'x' },
      { key: 'B', value: 'y' },
      { key: 'A', value: 'z' },
    ])
  })
})
