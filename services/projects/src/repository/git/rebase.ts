import { PreconditionError } from '@suite/runtime'
import { writeCommit, type DatedIdent, type Ident } from './commit-writer.js'
import { mergeTrees, treeOf } from './merge-tree.js'
import type { Repo } from '../store/repository-store.js'

/** GitLab's message when a rebase stops on a conflict. */
export const REBASE_CONFLICT_MESSAGE =
  'Rebase failed: Rebase locally, resolve all conflicts, then push the branch.'

/** A commit to replay: its first parent, tree, author (with date) and message. */
interface Pick {
  id: string
  parent: string | undefined
  tree: string
  author: DatedIdent
  message: string
}

/**
 * The commits `git rebase` would replay from `source` onto `onto`: not merges,
 * not already in `onto` (also by patch id), oldest first.
 */
async function picksOf(repo: Repo, onto: string, source: string): Promise<Pick[]> {
  const { stdout } = await repo.run([
    'log',
    '-z',
    '--reverse',
    '--topo-order',
    '--no-merges',
    '--right-only',
    '--cherry-pick',
    '--date=raw',
    '--format=%H%x00%P%x00%T%x00%an%x00%ae%x00%ad%x00%B',
    '--end-of-options',
    `${onto}...${source}`,
  ])
  const fields = stdout.toString('utf8').split('\0')
  const picks: Pick[] = []
  for (let index = 0; index + 7 <= fields.length; index += 7) {
    const [id = '', parents = '', tree = '', name = '', email = '', date = '', message = ''] =
      fields.slice(index, index + 7)
    picks.push({
      id: id.replace(/^\n/, ''),
      parent: parents.split(' ').find(Boolean),
      tree,
      author: { name, email, date: `@${date}` },
      message,
    })
  }
  return picks
}

/**
 * The change from `baseTree` to `theirsTree` applied on the commit `current`:
 * a three-way merge with `baseTree` as base (a cherry-pick's parent tree, a
 * revert's commit tree). git 2.39's merge-tree has no --merge-base, so the
 * base is forced through two throwaway commits that share one parentless
 * root. Undefined when the change does not apply cleanly.
 */
export async function applyChangeTree(
  repo: Repo,
  change: { baseTree: string; theirsTree: string },
  current: string,
  committer: Ident,
): Promise<string | undefined> {
  const root = await writeCommit(repo, change.baseTree, [], 'base', committer, committer)
  const ours = await writeCommit(
    repo,
    await treeOf(repo, current),
    [root],
    'ours',
    committer,
    committer,
  )
  const theirs = await writeCommit(repo, change.theirsTree, [root], 'theirs', committer, committer)
  const merge = await mergeTrees(repo, ours, theirs)
  return merge.clean ? merge.treeId : undefined
}

/** The tree of `pick` applied on `current`; undefined on a conflict. */
async function cherryPickTree(
  repo: Repo,
  pick: Pick,
  current: string,
  committer: Ident,
): Promise<string | undefined> {
  const baseTree = pick.parent ? await treeOf(repo, pick.parent) : await emptyTree(repo)
  return applyChangeTree(repo, { baseTree, theirsTree: pick.tree }, current, committer)
}

/** The id of the empty tree (written when missing). */
export function emptyTree(repo: Repo): Promise<string> {
  return repo.text(['mktree'], { input: '' })
}

/**
 * Replays the commits of `source` that `onto` lacks on top of `onto`, as
 * `git rebase` without a worktree: authors kept, committer and date new,
 * commits that become empty dropped. A conflict is FAILED_PRECONDITION
 * "conflict". Returns the new head.
 */
export async function rebaseOnto(
  repo: Repo,
  source: string,
  onto: string,
  committer: Ident,
): Promise<string> {
  let current = onto
  for (const pick of await picksOf(repo, onto, source)) {
    if (pick.parent === current) {
      current = pick.id
      continue
    }
    const tree = await cherryPickTree(repo, pick, current, committer)
    if (!tree) throw new PreconditionError(REBASE_CONFLICT_MESSAGE, 'conflict')
    if (tree === (await treeOf(repo, current))) continue
    current = await writeCommit(repo, tree, [current], pick.message, pick.author, committer)
  }
  return current
}
