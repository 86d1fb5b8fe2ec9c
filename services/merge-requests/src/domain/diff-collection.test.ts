import { DiffFile } from '@suite/proto'
import { diffRealSize, diffVersionState } from './diff-collection.js'

const file = DiffFile.fromPartial({ oldPath: 'a', newPath: 'a' })

describe('diff version state and real_size', () => {
  it('is collected with files, empty without, overflow when the limits cut it', () => {
    expect(diffVersionState({ overflow: false, diffs: [file] })).toBe('collected')
    expect(diffVersionState({ overflow: false, diffs: [] })).toBe('empty')
    expect(diffVersionState({ overflow: true, diffs: [file] })).toBe('overflow')
  })

  it('counts the files, with "+" when cut', () => {
    expect(diffRealSize({ overflow: false, diffs: [file, file], realSize: 2 })).toBe('2')
    expect(diffRealSize({ overflow: true, diffs: [file], realSize: 1500 })).toBe('1+')
  })
})
