import { trimTrailing } from '@suite/runtime'
import { notFound } from '../domain/errors.js'
import { isValidFilePath } from '../domain/ref-names.js'
import type { Repo } from '../store/repository-store.js'

/** One entry of a tree, as API::Entities::TreeObject shows it. */
export interface TreeEntry {
  id: string
  name: string
  /** blob, tree or commit (a submodule). */
  type: string
  /** From the repository's root. */
  path: string
  mode: string
}

export interface TreeQuery {
  /** A branch, tag or commit id; the default branch when empty. */
  ref: string
  /** A directory; the root when empty. */
  path: string
  recursive: boolean
}

/** Gitlab::Git::Tree#sorted_entries: trees, then blobs, then submodules, each in git's order. */
const TYPE_ORDER: Readonly<Record<string, number>> = { tree: 0, blob: 1, commit: 2 }

/** `git ls-tree -z` lines: `<mode> SP <type> SP <id> TAB <name>`, names relative to the tree. */
export function parseLsTree(out: string, directory: string): TreeEntry[] {
  const entries: TreeEntry[] = []
  for (const record of out.split('\0')) {
    const tab = record.indexOf('\t')
    if (tab < 0) continue
    const [mode = '', type = '', id = ''] = record.slice(0, tab).split(' ')
    const relative = record.slice(tab + 1)
    entries.push({
      id,
      name: relative.slice(relative.lastIndexOf('/') + 1),
      type,
      path: directory === '' ? relative : `${directory}/${relative}`,
      mode,
    })
  }
  return entries
}

/**
 * The tree of a ref at a directory (GET /repository/tree): NOT_FOUND "Tree"
 * when the ref names no commit or the path no directory, as GitLab answers
 * both. The directory is read as `<commit>:<path>`, an object name rather
 * than a pathspec, so no pathspec magic in a path reaches git.
 */
export async function listTree(repo: Repo, query: TreeQuery): Promise<TreeEntry[]> {
  const ref = query.ref !== '' ? query.ref : await repo.headBranch()
  const commit = ref ? await repo.resolveCommit(ref) : undefined
  if (!commit) throw notFound('Tree')
  // GitLab takes `dir/` for `dir`; not `/\/+$/`, quadratic on a run of slashes.
  const directory = trimTrailing(query.path, '/')
  if (directory !== '' && !isValidFilePath(directory)) throw notFound('Tree')
  const tree = directory === '' ? `${commit}^{tree}` : `${commit}:${directory}`
  const { stdout, exitCode } = await repo.run(['cat-file', '-t', tree], { okCodes: [128] })
  if (exitCode !== 0 || stdout.toString('utf8').trim() !== 'tree') throw notFound('Tree')
  const recursive = query.recursive ? ['-r', '-t'] : []
  // Not repo.text: its trim would eat the spaces a last file name ends with.
  const out = (await repo.run(['ls-tree', '-z', ...recursive, tree])).stdout.toString('utf8')
  // Array#sort is stable: git's order stays within each type.
  return parseLsTree(out, directory).sort(
    (a, b) => (TYPE_ORDER[a.type] ?? 3) - (TYPE_ORDER[b.type] ?? 3),
  )
}
