import { InvalidError } from '@suite/runtime'
import { checkMergeability } from './mergeability.js'
import { commitOn, createTestRepo, type TestRepo } from '../testing/test-repo.js'

let test: TestRepo

beforeEach(async () => {
  test = await createTestRepo()
})
afterEach(() => test.cleanup())

describe('checkMergeability', () => {
  it('merges cleanly and counts what the target has that the source lacks', async () => {
    const { repo } = test
    await commitOn(repo, 'main', { 'a.txt': 'a\n' })
    const source = await commitOn(repo, 'feature', { 'b.txt': 'b\n' }, { start: 'main' })
    const result = await checkMergeability(
      repo,
      source,
      await commitOn(repo, 'main', { 'c.txt': 'c\n' }),
    )
    expect(result).toMatchObject({
      conflicts: false,
      conflictingPaths: [],
      fastForwardPossible: false,
      divergedCommitsCount: 1,
    })
    expect(result.treeId).toMatch(/^[0-9a-f]{40}$/)
    const listing = await repo.text(['ls-tree', '--name-only', result.treeId])
    expect(listing.split('\n')).toEqual(['a.txt', 'b.txt', 'c.txt'])
  })

  it('reports conflicting paths', async () => {
    const { repo } = test
    await commitOn(repo, 'main', { 'a.txt': 'a\n', 'b.txt': 'b\n' })
    const source = await commitOn(
      repo,
      'feature',
      { 'a.txt': 'source\n', 'b.txt': 'same\n' },
      { start: 'main' },
    )
    const target = await commitOn(repo, 'main', { 'a.txt': 'target\n', 'b.txt': 'same\n' })
    expect(await checkMergeability(repo, source, target)).toEqual({
      conflicts: true,
      conflictingPaths: ['a.txt'],
      treeId: '',
      fastForwardPossible: false,
      divergedCommitsCount: 1,
    })
  })

  it('sees a possible fast-forward and refuses abbreviated SHAs', async () => {
    const { repo } = test
    const target = await commitOn(repo, 'main', { 'a.txt': 'a\n' })
    const source = await commitOn(repo, 'feature', { 'b.txt': 'b\n' }, { start: 'main' })
    expect(await checkMergeability(repo, source, target)).toMatchObject({
      conflicts: false,
      fastForwardPossible: true,
      divergedCommitsCount: 0,
    })
    await expect(checkMergeability(repo, source.slice(0, 12), target)).rejects.toBeInstanceOf(
      InvalidError,
    )
  })
})
