import { InvalidError } from '@suite/runtime'
import { rawDiff } from './raw-diff.js'
import { commitOn, createTestRepo, type TestRepo } from '../testing/test-repo.js'

let test: TestRepo

beforeEach(async () => {
  test = await createTestRepo()
})
afterEach(() => test.cleanup())

describe('rawDiff', () => {
  it('prints the whole patch with full indexes and binary data', async () => {
    const { repo } = test
    const base = await commitOn(repo, 'main', { 'a.txt': 'a\n' })
    const head = await commitOn(repo, 'main', {
      'a.txt': 'b\n',
      'img.bin': Buffer.from([0, 1, 2, 3]),
    })
    const patch = (await rawDiff(repo, base, head)).toString('utf8')
    expect(patch).toMatch(
      /^diff --git a\/a\.txt b\/a\.txt\nindex [0-9a-f]{40}\.\.[0-9a-f]{40} 100644\n/,
    )
    expect(patch).toContain('-a\n+b\n')
    expect(patch).toContain('GIT binary patch')
    expect((await rawDiff(repo, head, head)).length).toBe(0)
    await expect(rawDiff(repo, 'main', head)).rejects.toBeInstanceOf(InvalidError)
  })
})
