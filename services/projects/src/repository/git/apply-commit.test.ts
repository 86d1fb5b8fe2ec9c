import { PreconditionError } from '@suite/runtime'
import { commitOn, createTestRepo, type TestRepo } from '../testing/test-repo.js'
import { applyCommit, type ApplyCommitInput } from './apply-commit.js'
import { commitRefs } from './commit-refs.js'
import { commitSignature } from './commit-signature.js'

let test: TestRepo

beforeEach(async () => {
  test = await createTestRepo()
})
afterEach(() => test.cleanup())

const user = { name: 'Picker', email: 'picker@example.com' }
const bob = { name: 'Bob', email: 'bob@example.com' }

function input(sha: string, extra: Partial<ApplyCommitInput> = {}): ApplyCommitInput {
  return { sha, branch: 'main', change: 'cherry_pick', dryRun: false, message: '', user, ...extra }
}

/** main: a; feature (from a): b by Bob; main then gets c. */
async function forked() {
  await commitOn(test.repo, 'main', { 'a.txt': 'a\n' })
  const picked = await commitOn(
    test.repo,
    'feature',
    { 'b.txt': 'b\n' },
    { start: 'main', author: bob, message: 'Add b\n' },
  )
  const head = await commitOn(test.repo, 'main', { 'c.txt': 'c\n' })
  return { picked, head }
}

async function reason(run: Promise<unknown>): Promise<string> {
  const error = await run.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(PreconditionError)
  return (error as PreconditionError).reason
}

describe('applyCommit', () => {
  it("cherry-picks onto the branch head with the commit's author and GitLab's message", async () => {
    const { picked, head } = await forked()
    const { commitId } = await applyCommit(test.repo, input(picked))
    expect(await test.repo.text(['rev-parse', 'refs/heads/main'])).toBe(commitId)
    const shown = await test.repo.text(['log', '-1', '--format=%P|%an|%cn|%B', commitId ?? ''])
    expect(shown).toBe(`${head}|Bob|Picker|Add b\n\n(cherry picked from commit ${picked})`)
    expect(await test.repo.text(['show', 'main:b.txt'])).toBe('b')
    expect(await reason(applyCommit(test.repo, input(picked)))).toBe('change_empty')
  })

  it('reverts as the user, and a dry run moves nothing and names its reason', async () => {
    const { picked } = await forked()
    await applyCommit(test.repo, input(picked))
    const before = await test.repo.text(['rev-parse', 'refs/heads/feature'])
    const dry = await applyCommit(
      test.repo,
      input(picked, { branch: 'feature', change: 'revert', dryRun: true }),
    )
    expect(dry.commitId).toBeUndefined()
    expect(await test.repo.text(['rev-parse', 'refs/heads/feature'])).toBe(before)
    const { commitId } = await applyCommit(
      test.repo,
      input(picked, { branch: 'feature', change: 'revert' }),
    )
    const shown = await test.repo.text(['log', '-1', '--format=%an|%B', commitId ?? ''])
    expect(shown).toBe(`Picker|Revert "Add b"\n\nThis reverts commit ${picked}`)
    const again = input(picked, { branch: 'feature', change: 'revert', dryRun: true })
    expect(await reason(applyCommit(test.repo, again))).toBe('dry_run_empty')
  })

  it('answers change_conflict when the change does not apply', async () => {
    const { picked } = await forked()
    await commitOn(test.repo, 'main', { 'b.txt': 'other\n' })
    expect(await reason(applyCommit(test.repo, input(picked)))).toBe('change_conflict')
  })
})

describe('commitRefs and commitSignature', () => {
  it('lists branches then tags containing a commit, up to a limit', async () => {
    const { picked } = await forked()
    await test.repo.run(['tag', 'v1', picked])
    expect(await commitRefs(test.repo, picked, ['branch', 'tag'], 10)).toEqual([
      { type: 'branch', name: 'feature' },
      { type: 'tag', name: 'v1' },
    ])
    expect(await commitRefs(test.repo, picked, ['branch', 'tag'], 1)).toHaveLength(1)
    expect(await commitSignature(test.repo, picked)).toEqual({ commitId: picked, type: undefined })
  })
})
