import { GitCommandError } from './git-command.js'
import type { Repo } from '../store/repository-store.js'

/** What `git merge-tree --write-tree` made of two commits. */
export interface TreeMerge {
  /** The merged tree (with conflict markers in it when there are conflicts). */
  treeId: string
  /** False when there are conflicts or the histories are unrelated (git refuses those). */
  clean: boolean
  /** Conflicting paths, each once, in git's order; empty for a clean merge. */
  conflicts: string[]
}

/**
 * `git merge-tree --write-tree --name-only --no-messages -z ours theirs`
 * (full commit ids): exit status 1 means conflicts, listed after the tree id.
 * Unrelated histories are refused by git and answered as not clean.
 * Nothing but new objects is written; no ref moves.
 */
export async function mergeTrees(repo: Repo, ours: string, theirs: string): Promise<TreeMerge> {
  const { stdout, stderr, exitCode } = await repo.run(
    [
      'merge-tree',
      '--write-tree',
      '--name-only',
      '--no-messages',
      '-z',
      '--end-of-options',
      ours,
      theirs,
    ],
    { okCodes: [1, 128] },
  )
  if (exitCode === 128) {
    if (!stderr.includes('unrelated histories')) {
      throw new GitCommandError(['merge-tree'], exitCode, stderr)
    }
    return { treeId: '', clean: false, conflicts: [] }
  }
  const [treeId = '', ...paths] = stdout.toString('utf8').split('\0')
  const conflicts = exitCode === 1 ? [...new Set(paths.filter((path) => path !== ''))] : []
  return { treeId: treeId.trim(), clean: exitCode === 0, conflicts }
}

/** The tree id of a commit. */
export function treeOf(repo: Repo, commit: string): Promise<string> {
  return repo.text(['rev-parse', '--verify', '--end-of-options', `${commit}^{tree}`])
}
