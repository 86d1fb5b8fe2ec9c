import { DiffFile } from '@suite/proto'
import { presentDiffFiles, unidiffText } from './diff-files.js'

const hunk = '@@ -1 +1 @@\n-old\n+new\n'

describe('unidiffText', () => {
  it('puts the --- a/ and +++ b/ header before the hunks', () => {
    const file = DiffFile.fromPartial({ oldPath: 'README.md', newPath: 'README.md', diff: hunk })
    expect(unidiffText(file)).toBe(`--- a/README.md\n+++ b/README.md\n${hunk}`)
  })

  it('names both paths of a rename', () => {
    const file = DiffFile.fromPartial({
      oldPath: 'old.txt',
      newPath: 'new.txt',
      renamedFile: true,
      diff: hunk,
    })
    expect(unidiffText(file)).toBe(`--- a/old.txt\n+++ b/new.txt\n${hunk}`)
  })

  it('uses /dev/null for the missing side of a new or deleted file', () => {
    const added = DiffFile.fromPartial({
      oldPath: 'a.rb',
      newPath: 'a.rb',
      newFile: true,
      diff: hunk,
    })
    expect(unidiffText(added)).toBe(`--- /dev/null\n+++ b/a.rb\n${hunk}`)
    const deleted = DiffFile.fromPartial({
      oldPath: 'a.rb',
      newPath: 'a.rb',
      deletedFile: true,
      diff: hunk,
    })
    expect(unidiffText(deleted)).toBe(`--- a/a.rb\n+++ /dev/null\n${hunk}`)
  })

  it('leaves empty (collapsed, too large) and binary diffs alone', () => {
    expect(unidiffText(DiffFile.fromPartial({ oldPath: 'a', newPath: 'a', diff: '' }))).toBe('')
    const notice = 'Binary files a/logo.png and b/logo.png differ\n'
    const binary = DiffFile.fromPartial({ oldPath: 'logo.png', newPath: 'logo.png', diff: notice })
    expect(unidiffText(binary)).toBe(notice)
  })
})

describe('presentDiffFiles', () => {
  it('changes the text only when unidiff is asked for', () => {
    const files = [DiffFile.fromPartial({ oldPath: 'x', newPath: 'x', diff: hunk })]
    expect(presentDiffFiles(files, false)[0]?.diff).toBe(hunk)
    expect(presentDiffFiles(files, true)[0]?.diff).toBe(`--- a/x\n+++ b/x\n${hunk}`)
    expect(files[0]?.diff).toBe(hunk)
  })
})
