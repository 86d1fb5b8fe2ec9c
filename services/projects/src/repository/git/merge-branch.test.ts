import { PreconditionError } from '@suite/runtime'
import { mergeBranch, mergeToRef, rebaseBranch, type MergeInput } from './merge-branch.js'
import { REBASE_CONFLICT_MESSAGE } from './rebase.js'
import { commitOn, createTestRepo, type TestRepo } from '../testing/test-repo.js'
import type { Repo } from '../store/repository-store.js'

let test: TestRepo

beforeEach(async () => {
  test = await createTestRepo()
})
afterEach(() => test.cleanup())

const user = { name: 'Merger', email: 'merger@example.com' }
const bob = { name: 'Bob', email: 'bob@example.com' }

function request(sourceSha: string, extra: Partial<MergeInput> = {}): MergeInput {
  return {
    sourceBranch: 'feature',
    sourceSha,
    targetBranch: 'main',
    method: 'merge',
    squash: false,
    squashCommitMessage: 'Squashed\n',
    mergeCommitMessage: 'Merge branch feature\n',
    user,
    removeSourceBranch: false,
    ...extra,
  }
}

/** main: a; feature (from a): b1, b2 by Bob; main then moves on with c. */
async function diverged(repo: Repo) {
  await commitOn(repo, 'main', { 'a.txt': 'a\n' })
  await commitOn(repo, 'feature', { 'b.txt': 'b1\n' }, { start: 'main', author: bob })
  const source = await commitOn(repo, 'feature', { 'b.txt': 'b2\n' }, { author: bob })
  const target = await commitOn(repo, 'main', { 'c.txt': 'c\n' })
  return { source, target }
}

async function parents(repo: Repo, commit: string): Promise<string[]> {
  return (await repo.text(['rev-parse', `${commit}^@`])).split('\n').filter(Boolean)
}

async function field(repo: Repo, format: string, commit: string): Promise<string> {
  return repo.text(['log', '-1', `--format=${format}`, commit])
}

describe('mergeBranch', () => {
  it('makes a merge commit of target and source', async () => {
    const { repo } = test
    const { source, target } = await diverged(repo)
    const result = await mergeBranch(repo, request(source))
    expect(result.mergeCommitSha).toBe(result.targetSha)
    expect(result.squashCommitSha).toBeUndefined()
    expect(result.rebasedSourceSha).toBeUndefined()
    expect(await parents(repo, result.targetSha)).toEqual([target, source])
    expect(await field(repo, '%an <%ae>|%cn|%B', result.targetSha)).toBe(
      'Merger <merger@example.com>|Merger|Merge branch feature',
    )
    expect(await repo.refTarget('refs/heads/main')).toBe(result.targetSha)
    expect(result.changes).toEqual([
      { ref: 'refs/heads/main', oldId: target, newId: result.targetSha },
    ])
  })

  it('squashes onto the merge-base, then merges the squash commit', async () => {
    const { repo } = test
    const { source, target } = await diverged(repo)
    const base = (await parents(repo, target))[0]
    const result = await mergeBranch(repo, request(source, { squash: true }))
    const squash = result.squashCommitSha ?? ''
    expect(await parents(repo, squash)).toEqual([base])
    expect(await field(repo, '%T', squash)).toBe(await field(repo, '%T', source))
    expect(await field(repo, '%an|%s', squash)).toBe('Merger|Squashed')
    expect(await parents(repo, result.targetSha)).toEqual([target, squash])
  })

  it('rebases the source onto the target first (semi-linear), keeping authors', async () => {
    const { repo } = test
    const { source, target } = await diverged(repo)
    const result = await mergeBranch(repo, request(source, { method: 'rebase_merge' }))
    const rebased = result.rebasedSourceSha ?? ''
    expect(rebased).not.toBe(source)
    expect(await repo.refTarget('refs/heads/feature')).toBe(rebased)
    expect(await parents(repo, result.targetSha)).toEqual([target, rebased])
    const rebasedParent = (await parents(repo, rebased))[0] ?? ''
    expect((await parents(repo, rebasedParent))[0]).toBe(target)
    expect(await field(repo, '%an|%cn', rebased)).toBe('Bob|Merger')
    expect(await field(repo, '%ad', rebased)).toBe(await field(repo, '%ad', source))
    expect(result.changes.map((change) => change.ref).sort()).toEqual([
      'refs/heads/feature',
      'refs/heads/main',
    ])
  })

  it('rebases and squashes: the squash commit sits on the target', async () => {
    const { repo } = test
    const { source, target } = await diverged(repo)
    const result = await mergeBranch(
      repo,
      request(source, { method: 'rebase_merge', squash: true }),
    )
    const squash = result.squashCommitSha ?? ''
    expect(await parents(repo, squash)).toEqual([target])
    expect(await parents(repo, result.targetSha)).toEqual([target, squash])
    expect(result.rebasedSourceSha).toBeDefined()
  })

  it('merges a source already on top of the target without rebasing it', async () => {
    const { repo } = test
    const target = await commitOn(repo, 'main', { 'a.txt': 'a\n' })
    const source = await commitOn(repo, 'feature', { 'b.txt': 'b\n' }, { start: 'main' })
    const result = await mergeBranch(repo, request(source, { method: 'rebase_merge' }))
    expect(result.rebasedSourceSha).toBeUndefined()
    expect(await parents(repo, result.targetSha)).toEqual([target, source])
  })

  it('fast-forwards, with or without squash, and refuses when it cannot', async () => {
    const { repo } = test
    await commitOn(repo, 'main', { 'a.txt': 'a\n' })
    const source = await commitOn(repo, 'feature', { 'b.txt': 'b\n' }, { start: 'main' })
    await commitOn(repo, 'feature', { 'b.txt': 'b2\n' })
    const head = (await repo.refTarget('refs/heads/feature')) ?? ''
    expect(source).not.toBe(head)
    const squashed = await mergeBranch(repo, request(head, { method: 'ff', squash: true }))
    expect(squashed.mergeCommitSha).toBeUndefined()
    expect(squashed.targetSha).toBe(squashed.squashCommitSha)
    await commitOn(repo, 'other', { 'o.txt': 'o\n' }, { start: 'main' })
    const other = (await repo.refTarget('refs/heads/other')) ?? ''
    const ff = await mergeBranch(
      repo,
      request(other, { method: 'ff', sourceBranch: 'other', removeSourceBranch: true }),
    )
    expect(ff).toMatchObject({
      targetSha: other,
      mergeCommitSha: undefined,
      sourceBranchRemoved: true,
    })
    expect(await repo.refTarget('refs/heads/other')).toBeUndefined()
    const { source: late } = await diverged(repo)
    await expect(mergeBranch(repo, request(late, { method: 'ff' }))).rejects.toMatchObject({
      reason: 'not_fast_forward',
    })
  })

  it('drops commits the target already has when rebasing', async () => {
    const { repo } = test
    await commitOn(repo, 'main', { 'a.txt': 'a\n' })
    await commitOn(repo, 'feature', { 'b.txt': 'b\n' }, { start: 'main' })
    const source = await commitOn(repo, 'feature', { 'c.txt': 'c\n' })
    // The same change under another message: a distinct commit even within the same second.
    const target = await commitOn(repo, 'main', { 'b.txt': 'b\n' }, { message: 'also b\n' })
    const result = await mergeBranch(repo, request(source, { method: 'rebase_merge' }))
    const rebased = result.rebasedSourceSha ?? ''
    expect(await parents(repo, rebased)).toEqual([target])
    expect(await field(repo, '%s', rebased)).toBe('change c.txt')
  })

  it('refuses a moved source and a conflict, moving nothing', async () => {
    const { repo } = test
    await commitOn(repo, 'main', { 'a.txt': 'a\n' })
    const seen = await commitOn(repo, 'feature', { 'a.txt': 'source\n' }, { start: 'main' })
    await commitOn(repo, 'feature', { 'a.txt': 'source 2\n' })
    const moved = mergeBranch(repo, request(seen))
    await expect(moved).rejects.toBeInstanceOf(PreconditionError)
    await expect(moved).rejects.toMatchObject({ reason: 'moved' })
    const head = (await repo.refTarget('refs/heads/feature')) ?? ''
    const target = await commitOn(repo, 'main', { 'a.txt': 'target\n' })
    for (const method of ['merge', 'rebase_merge'] as const) {
      await expect(mergeBranch(repo, request(head, { method }))).rejects.toMatchObject({
        reason: 'conflict',
      })
    }
    expect(await repo.refTarget('refs/heads/main')).toBe(target)
    expect(await repo.refTarget('refs/heads/feature')).toBe(head)
  })
})

describe('rebaseBranch', () => {
  const rebase = (repo: Repo, expectedHead: string) =>
    rebaseBranch(repo, {
      branch: 'feature',
      expectedHead,
      ontoBranch: 'main',
      committer: user,
      pushOptions: ['ci.skip'],
    })

  it('replays the branch on the onto head, authors kept, and reports the move with its push options', async () => {
    const { repo } = test
    const { source, target } = await diverged(repo)
    const result = await rebase(repo, source)
    expect(await repo.refTarget('refs/heads/feature')).toBe(result.head)
    expect(await repo.refTarget('refs/heads/main')).toBe(target)
    const first = (await parents(repo, result.head))[0] ?? ''
    expect(await parents(repo, first)).toEqual([target])
    expect(await field(repo, '%an|%cn|%s', result.head)).toBe('Bob|Merger|change b.txt')
    expect(result.changes).toEqual([
      { ref: 'refs/heads/feature', oldId: source, newId: result.head, pushOptions: ['ci.skip'] },
    ])
    // Already on top: nothing moves.
    expect(await rebase(repo, result.head)).toEqual({ head: result.head, changes: [] })
  })

  it('refuses a moved branch and a conflict, moving nothing', async () => {
    const { repo } = test
    const { source, target } = await diverged(repo)
    await expect(rebase(repo, target)).rejects.toBeInstanceOf(PreconditionError)
    await commitOn(repo, 'main', { 'b.txt': 'main\n' })
    await expect(rebase(repo, source)).rejects.toThrow(REBASE_CONFLICT_MESSAGE)
    expect(await repo.refTarget('refs/heads/feature')).toBe(source)
  })
})

describe('rebaseBranch onto another repository (a fork onto its upstream)', () => {
  it("fetches the upstream's head into the fork and moves only the fork's branch", async () => {
    const upstream = test.repo
    await commitOn(upstream, 'main', { 'a.txt': 'a\n' })
    const forkTest = await createTestRepo()
    try {
      const fork = forkTest.repo
      await fork.run(['fetch', '--quiet', upstream.gitDir, '+refs/heads/*:refs/heads/*'])
      const forkMain = await fork.refTarget('refs/heads/main')
      const source = await commitOn(
        fork,
        'feature',
        { 'b.txt': 'b\n' },
        { start: 'main', author: bob },
      )
      const target = await commitOn(upstream, 'main', { 'c.txt': 'c\n' })
      const result = await rebaseBranch(fork, {
        branch: 'feature',
        expectedHead: source,
        ontoBranch: 'main',
        ontoRepo: upstream,
        committer: user,
        pushOptions: [],
      })
      expect(await fork.refTarget('refs/heads/feature')).toBe(result.head)
      expect(await parents(fork, result.head)).toEqual([target])
      expect(await field(fork, '%an|%s', result.head)).toBe('Bob|change b.txt')
      expect(await fork.refTarget('refs/heads/main')).toBe(forkMain)
      expect(await upstream.refTarget('refs/heads/feature')).toBeUndefined()
    } finally {
      forkTest.cleanup()
    }
  })
})

describe('mergeToRef', () => {
  const input = (sourceSha: string) => ({
    sourceSha,
    targetBranch: 'main',
    mergeRequestIid: 4,
    message: 'Merge branch feature into main\n',
    user,
  })

  it('writes the merge of the source into the target head to the merge ref, moving no branch', async () => {
    const { repo } = test
    const { source, target } = await diverged(repo)
    const commit = await mergeToRef(repo, input(source))
    expect(await repo.refTarget('refs/merge-requests/4/merge')).toBe(commit)
    expect(await parents(repo, commit)).toEqual([target, source])
    expect(await repo.refTarget('refs/heads/main')).toBe(target)
    expect(await repo.refTarget('refs/heads/feature')).toBe(source)
  })

  it('refuses a conflict and an unknown commit', async () => {
    const { repo } = test
    const { source } = await diverged(repo)
    await commitOn(repo, 'main', { 'b.txt': 'main\n' })
    await expect(mergeToRef(repo, input(source))).rejects.toBeInstanceOf(PreconditionError)
    await expect(mergeToRef(repo, input('f'.repeat(40)))).rejects.toThrow('Commit Not Found')
    expect(await repo.refTarget('refs/merge-requests/4/merge')).toBeUndefined()
  })
})
