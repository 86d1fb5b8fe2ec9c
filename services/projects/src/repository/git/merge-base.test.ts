import { InvalidError, NotFoundError } from '@suite/runtime'
import { writeCommit } from './commit-writer.js'
import { findMergeBase, isAncestor, mergeBaseOfRefs } from './merge-base.js'
import { commitOn, createTestRepo, type TestRepo } from '../testing/test-repo.js'

let test: TestRepo

beforeEach(async () => {
  test = await createTestRepo()
})
afterEach(() => test.cleanup())

describe('findMergeBase', () => {
  it('finds the merge-base of branch names and full SHAs', async () => {
    const { repo } = test
    const base = await commitOn(repo, 'main', { 'a.txt': 'a\n' })
    const feature = await commitOn(repo, 'feature', { 'b.txt': 'b\n' }, { start: 'main' })
    await commitOn(repo, 'main', { 'c.txt': 'c\n' })
    expect(await findMergeBase(repo, ['main', 'feature'])).toBe(base)
    expect(await findMergeBase(repo, [feature, 'main'])).toBe(base)
    expect(await isAncestor(repo, base, feature)).toBe(true)
    expect(await isAncestor(repo, feature, base)).toBe(false)
  })

  it('answers no base for unrelated histories', async () => {
    const { repo } = test
    const main = await commitOn(repo, 'main', { 'a.txt': 'a\n' })
    const tree = await repo.text(['mktree'], { input: '' })
    const ident = { name: 'A', email: 'a@example.com' }
    const orphan = await writeCommit(repo, tree, [], 'orphan\n', ident, ident)
    expect(await findMergeBase(repo, [main, orphan])).toBeUndefined()
  })

  it('validates revisions before git sees them', async () => {
    const { repo } = test
    await commitOn(repo, 'main', { 'a.txt': 'a\n' })
    await expect(findMergeBase(repo, ['main'])).rejects.toBeInstanceOf(InvalidError)
    await expect(findMergeBase(repo, ['main', '--all'])).rejects.toBeInstanceOf(InvalidError)
    await expect(findMergeBase(repo, ['main', 'HEAD~1..x'])).rejects.toBeInstanceOf(InvalidError)
    await expect(findMergeBase(repo, ['main', 'missing'])).rejects.toBeInstanceOf(NotFoundError)
    await expect(findMergeBase(repo, ['main', 'f'.repeat(40)])).rejects.toBeInstanceOf(
      NotFoundError,
    )
  })
})

describe('mergeBaseOfRefs', () => {
  it('resolves branches, tags and short ids, and names every unknown ref as GitLab does', async () => {
    const { repo } = test
    const base = await commitOn(repo, 'main', { 'a.txt': 'a\n' })
    await commitOn(repo, 'feature', { 'b.txt': 'b\n' }, { start: 'main' })
    const head = await commitOn(repo, 'main', { 'c.txt': 'c\n' })
    await repo.run(['tag', 'v1', head])
    expect(await mergeBaseOfRefs(repo, ['v1', 'feature'])).toBe(base)
    expect(await mergeBaseOfRefs(repo, [head.slice(0, 8), 'feature'])).toBe(base)
    await expect(mergeBaseOfRefs(repo, ['main'])).rejects.toThrow('Provide at least 2 refs')
    await expect(mergeBaseOfRefs(repo, ['main', 'nope'])).rejects.toThrow(
      'Could not find ref: nope',
    )
    await expect(mergeBaseOfRefs(repo, ['x y', 'main', '--all'])).rejects.toThrow(
      'Could not find refs: x y, --all',
    )
    const many = Array.from({ length: 101 }, () => 'main')
    await expect(mergeBaseOfRefs(repo, many)).rejects.toThrow(InvalidError)
  })
})
