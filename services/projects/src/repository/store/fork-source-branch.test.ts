import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { NotFoundError } from '@suite/runtime'
import { mergeBranch } from '../git/merge-branch.js'
import { commitOn } from '../testing/test-repo.js'
import { RepositoryStore } from './repository-store.js'

// A fork's merge request into its upstream (MergeRequest#fetch_ref!): the
// fork's branch is fetched into the upstream's repository as
// refs/merge-requests/<iid>/head, and merged from there.

const UPSTREAM = 1
const FORK = 2
const user = { name: 'Merger', email: 'merger@example.com' }
let root: string
let store: RepositoryStore

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'fork-source-test-'))
  store = new RepositoryStore(root, { path: process.env['PATH'] ?? '/usr/bin:/bin' })
  await store.create(UPSTREAM, 'main')
  await commitOn(store.repo(UPSTREAM), 'main', { 'a.txt': 'a\n' })
  await store.fork(UPSTREAM, FORK)
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('fetchSourceBranch', () => {
  it("fetches the fork's branch as the request's ref, and again after a push", async () => {
    const fork = store.repo(FORK)
    const upstream = store.repo(UPSTREAM)
    const first = await commitOn(fork, 'feature', { 'b.txt': 'b\n' }, { start: 'main' })
    expect(await store.fetchSourceBranch(FORK, 'feature', UPSTREAM, 7)).toBe(first)
    expect(await upstream.refTarget('refs/merge-requests/7/head')).toBe(first)
    // The branch itself stays the fork's.
    expect(await upstream.refTarget('refs/heads/feature')).toBeUndefined()
    const second = await commitOn(fork, 'feature', { 'b.txt': 'b2\n' })
    expect(await store.fetchSourceBranch(FORK, 'feature', UPSTREAM, 7)).toBe(second)
    expect(await upstream.refTarget('refs/merge-requests/7/head')).toBe(second)
  })

  it('answers undefined for a missing branch or a name git must not see, leaving the ref', async () => {
    const first = await commitOn(store.repo(FORK), 'feature', { 'b.txt': 'b\n' }, { start: 'main' })
    await store.fetchSourceBranch(FORK, 'feature', UPSTREAM, 3)
    expect(await store.fetchSourceBranch(FORK, 'gone', UPSTREAM, 3)).toBeUndefined()
    expect(await store.fetchSourceBranch(FORK, '--upload-pack=x', UPSTREAM, 3)).toBeUndefined()
    expect(await store.fetchSourceBranch(99, 'feature', UPSTREAM, 3)).toBeUndefined()
    expect(await store.repo(UPSTREAM).refTarget('refs/merge-requests/3/head')).toBe(first)
    await expect(store.fetchSourceBranch(FORK, 'feature', 99, 3)).rejects.toThrow(NotFoundError)
  })

  it('merges the fetched head into the target branch, never touching a branch of that name', async () => {
    const upstream = store.repo(UPSTREAM)
    const target = await upstream.refTarget('refs/heads/main')
    // The fork's main into the upstream's main: the same name in two projects.
    const head = await commitOn(store.repo(FORK), 'main', { 'b.txt': 'from the fork\n' })
    await store.fetchSourceBranch(FORK, 'main', UPSTREAM, 1)
    await commitOn(upstream, 'main', { 'c.txt': 'c\n' })
    const moved = await upstream.refTarget('refs/heads/main')
    const result = await mergeBranch(upstream, {
      sourceBranch: 'main',
      forkSourceRef: 'refs/merge-requests/1/head',
      sourceSha: head,
      targetBranch: 'main',
      method: 'merge',
      squash: false,
      squashCommitMessage: '',
      mergeCommitMessage: 'Merge the fork\n',
      user,
      removeSourceBranch: true,
    })
    expect(target).not.toBe(moved)
    const parents = (await upstream.text(['rev-parse', `${result.targetSha}^@`])).split('\n')
    expect(parents.filter(Boolean)).toEqual([moved, head])
    expect(await upstream.refTarget('refs/heads/main')).toBe(result.targetSha)
    expect(result.sourceBranchRemoved).toBe(false)
    expect(await upstream.refTarget('refs/merge-requests/1/head')).toBe(head)
  })
})
