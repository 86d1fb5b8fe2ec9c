import { InvalidError } from '@suite/runtime'
import { commitOn, createTestRepo, type TestRepo } from '../testing/test-repo.js'
import { commitFiles, FILE_CHANGED_MESSAGE, type CommitFilesInput } from './commit-files.js'

let test: TestRepo

beforeEach(async () => {
  test = await createTestRepo()
})
afterEach(() => test.cleanup())

/** files.rb's update: one update action carrying the last commit its editor saw. */
function update(
  lastCommitId: string | undefined,
  branch = 'main',
  startBranch = '',
): CommitFilesInput {
  return {
    branch,
    startBranch,
    message: 'edit\n',
    author: { name: 'Ada', email: 'ada@example.com' },
    actions: [
      {
        action: 'update',
        filePath: 'lib/run.sh',
        previousPath: '',
        content: Buffer.from('new\n'),
        executeFilemode: undefined,
        lastCommitId,
      },
    ],
  }
}

describe('commitFiles: last_commit_id (Files::UpdateService#file_has_changed?)', () => {
  it('updates a file from its last commit and refuses one from an older commit', async () => {
    const { repo } = test
    const first = await commitOn(repo, 'main', { 'lib/run.sh': 'one\n' })
    const second = await commitOn(repo, 'main', { 'lib/run.sh': 'two\n' })
    await commitOn(repo, 'main', { 'other.txt': 'x\n' })

    const stale = commitFiles(repo, update(first))
    await expect(stale).rejects.toBeInstanceOf(InvalidError)
    await expect(commitFiles(repo, update(first))).rejects.toThrow(FILE_CHANGED_MESSAGE)
    const head = await repo.refTarget('refs/heads/main')

    // The last commit that touched the path, not the branch's head, is the one to name.
    const written = await commitFiles(repo, update(second))
    expect(written.previous).toBe(head)
  })

  it('reads the start branch when given, and passes what names no file or branch', async () => {
    const { repo } = test
    const first = await commitOn(repo, 'main', { 'lib/run.sh': 'one\n' })
    await commitOn(repo, 'topic', { 'lib/run.sh': 'topic\n' }, { start: 'main' })
    await commitOn(repo, 'main', { 'lib/run.sh': 'two\n' })

    // topic's file moved on from first, main's did too: start_branch main is read.
    await expect(commitFiles(repo, update(first, 'topic', 'main'))).rejects.toThrow(
      FILE_CHANGED_MESSAGE,
    )
    // A branch to create from main, whose file is no longer at first.
    await expect(commitFiles(repo, update(first, 'fresh', 'main'))).rejects.toThrow(
      FILE_CHANGED_MESSAGE,
    )
    // No such start branch: nothing to compare, the commit answers why.
    await expect(commitFiles(repo, update(first, 'other', 'missing'))).rejects.toThrow(
      "Failed to create branch other: invalid reference name 'missing'",
    )
    // An empty id given (`last_commit_id=`) names no commit: the existing file is refused,
    // as Ruby's "" is truthy in file_has_changed?; no id at all is no check.
    await expect(commitFiles(repo, update(''))).rejects.toThrow(FILE_CHANGED_MESSAGE)
    await expect(commitFiles(repo, update(undefined))).resolves.toMatchObject({ created: false })
  })
})
