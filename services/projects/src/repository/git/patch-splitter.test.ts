import { PatchSplitter, type FilePatch } from './patch-splitter.js'

const PATCH = [
  'diff --git a/a.txt b/a.txt',
  'index 1111111..2222222 100644',
  '--- a/a.txt',
  '+++ b/a.txt',
  '@@ -1,2 +1,2 @@',
  ' keep',
  '-old',
  '+new',
  'diff --git a/img.png b/img.png',
  'index 3333333..4444444 100644',
  'Binary files a/img.png and b/img.png differ',
  'diff --git a/m b/n',
  'similarity index 100%',
  'rename from m',
  'rename to n',
  'diff --git a/big.txt b/big.txt',
  '--- a/big.txt',
  '+++ b/big.txt',
  '@@ -1 +1 @@',
  `-${'x'.repeat(100)}`,
  `+${'y'.repeat(100)}`,
  '',
].join('\n')

function split(chunkSize: number, cap = 64): FilePatch[] {
  const files: FilePatch[] = []
  const splitter = new PatchSplitter(cap, (file) => files.push(file))
  const bytes = Buffer.from(PATCH)
  for (let start = 0; start < bytes.length; start += chunkSize) {
    splitter.push(bytes.subarray(start, start + chunkSize))
  }
  splitter.end()
  return files
}

describe('PatchSplitter', () => {
  it.each([1, 7, 4096])('splits files and drops headers (chunks of %i bytes)', (size) => {
    const [text, binary, rename, big] = split(size)
    expect(text).toEqual({
      text: '@@ -1,2 +1,2 @@\n keep\n-old\n+new\n',
      bytes: 32,
      lines: 4,
      added: 1,
      removed: 1,
      binary: false,
    })
    expect(binary).toMatchObject({ text: '', binary: true, lines: 0 })
    expect(rename).toMatchObject({ text: '', binary: false, bytes: 0 })
    expect(big).toMatchObject({ text: undefined, lines: 3, added: 1, removed: 1 })
    expect(big?.bytes).toBe(12 + 102 + 102)
  })

  it('ignores everything after stop', () => {
    const files: FilePatch[] = []
    const splitter = new PatchSplitter(1024, (file) => {
      files.push(file)
      splitter.stop()
    })
    splitter.push(Buffer.from(PATCH))
    splitter.end()
    expect(files).toHaveLength(1)
  })
})
