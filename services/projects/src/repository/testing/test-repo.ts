import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { commitFiles, type FileAction } from '../git/commit-files.js'
import { RepositoryStore, type Repo } from '../store/repository-store.js'

/** Test support: a bare repository in a temporary directory, and commits made through the git layer. */
export interface TestRepo {
  repo: Repo
  cleanup: () => void
}

/** An empty bare repository (HEAD on main) under a fresh temporary directory. */
export async function createTestRepo(): Promise<TestRepo> {
  const root = mkdtempSync(join(tmpdir(), 'mr-git-test-'))
  const store = new RepositoryStore(root, { path: process.env['PATH'] ?? '/usr/bin:/bin' })
  await store.create(1, 'main')
  return { repo: store.repo(1), cleanup: () => rmSync(root, { recursive: true, force: true }) }
}

/** File contents to write (null deletes; `{ mode }` only changes the executable bit). */
export type FileChanges = Record<string, string | Buffer | null | { executable: boolean }>

async function hasFile(repo: Repo, ref: string, path: string): Promise<boolean> {
  const { exitCode } = await repo.run(['cat-file', '-e', `${ref}:${path}`], { okCodes: [1, 128] })
  return exitCode === 0
}

function action(
  kind: FileAction['action'],
  filePath: string,
  content?: Buffer,
  executeFilemode?: boolean,
): FileAction {
  return { action: kind, filePath, previousPath: '', content, executeFilemode }
}

/** Commits the changes on `branch` (created from `start` when missing); returns the commit id. */
export async function commitOn(
  repo: Repo,
  branch: string,
  files: FileChanges,
  options: { start?: string; message?: string; author?: { name: string; email: string } } = {},
): Promise<string> {
  const ref = (await repo.refTarget(`refs/heads/${branch}`)) ? branch : (options.start ?? branch)
  const actions: FileAction[] = []
  for (const [path, value] of Object.entries(files)) {
    const exists = await hasFile(repo, ref, path)
    if (value === null) actions.push(action('delete', path))
    else if (typeof value === 'object' && !Buffer.isBuffer(value)) {
      actions.push(action('chmod', path, undefined, value.executable))
    } else actions.push(action(exists ? 'update' : 'create', path, Buffer.from(value)))
  }
  const result = await commitFiles(repo, {
    branch,
    startBranch: options.start ?? '',
    message: options.message ?? `change ${Object.keys(files).join(', ')}\n`,
    author: options.author ?? { name: 'Ada', email: 'ada@example.com' },
    actions,
  })
  return result.commit.id
}

/** Renames a file on a branch (a commit with one move action). */
export async function moveOn(repo: Repo, branch: string, from: string, to: string) {
  const result = await commitFiles(repo, {
    branch,
    startBranch: '',
    message: `move ${from}\n`,
    author: { name: 'Ada', email: 'ada@example.com' },
    actions: [{ ...action('move', to), previousPath: from }],
  })
  return result.commit.id
}
