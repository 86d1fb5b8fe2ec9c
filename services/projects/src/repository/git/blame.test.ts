import { blameFile, groupBlamedLines, parseBlamePorcelain } from './blame.js'
import { commitOn, createTestRepo, type TestRepo } from '../testing/test-repo.js'

let test: TestRepo

beforeEach(async () => {
  test = await createTestRepo()
})
afterEach(() => test.cleanup())

describe('blameFile', () => {
  it('groups consecutive lines of one commit, each group with its commit', async () => {
    const { repo } = test
    const first = await commitOn(repo, 'main', { 'f.txt': 'a\nb\nc\n' }, { message: 'one\n' })
    const second = await commitOn(repo, 'main', { 'f.txt': 'a\nB\nc\nd\n' }, { message: 'two\n' })
    const groups = await blameFile(repo, second, 'f.txt', undefined)
    expect(groups.map((group) => [group.commit.id, group.lines])).toEqual([
      [first, ['a']],
      [second, ['B']],
      [first, ['c']],
      [second, ['d']],
    ])
    expect(groups[1]?.commit.parentIds).toEqual([first])
    expect(groups[1]?.commit.message).toBe('two\n')
  })

  it('blames a range, cut at the last line, and refuses one that starts past it', async () => {
    const { repo } = test
    const sha = await commitOn(repo, 'main', { 'f.txt': 'a\nb\nc' })
    const groups = await blameFile(repo, sha, 'f.txt', { start: 2, end: 40 })
    expect(groups.map((group) => group.lines)).toEqual([['b', 'c']])
    await expect(blameFile(repo, sha, 'f.txt', { start: 4, end: 5 })).rejects.toThrow(
      'range[start] is past the last line (3)',
    )
  })
})

describe('parseBlamePorcelain', () => {
  it('reads text lines that look like headers as text', () => {
    const sha = 'a'.repeat(40)
    const output = `${sha} 1 1 2\nauthor A\nfilename f\n\t${sha} 9 9 9\n${sha} 2 2\n\tauthor x\n`
    expect(groupBlamedLines(parseBlamePorcelain(output))).toEqual([
      { commitId: sha, lines: [`${sha} 9 9 9`, 'author x'] },
    ])
  })
})
