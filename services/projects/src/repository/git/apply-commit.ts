import { PreconditionError } from '@suite/runtime'
import type { RefChange } from '../domain/push-events.js'
import type { Repo } from '../store/repository-store.js'
import type { GitCommit } from './commit-log.js'
import { writeCommit, type Ident } from './commit-writer.js'
import { getCommit } from './commits.js'
import { treeOf } from './merge-tree.js'
import { applyChangeTree, emptyTree } from './rebase.js'
import { updateRefs } from './ref-transaction.js'
import { branchHead } from './revisions.js'

export type CommitChangeKind = 'cherry_pick' | 'revert'

export interface ApplyCommitInput {
  sha: string
  branch: string
  change: CommitChangeKind
  dryRun: boolean
  /** The new commit's message; empty for GitLab's default. */
  message: string
  /** The committer, and a revert's author (a cherry-pick keeps the commit's author). */
  user: Ident
}

export interface AppliedCommit {
  /** The new commit; undefined for a dry run. */
  commitId: string | undefined
  changes: RefChange[]
}

/** What GitLab's Commits::ChangeService says when a change cannot be made. */
const VERBS: Readonly<Record<CommitChangeKind, [string, string]>> = {
  cherry_pick: ['cherry-pick', 'cherry-picked'],
  revert: ['revert', 'reverted'],
}

/** The reason names GitLab's error_code, and a dry run's (its answer says dry_run: error). */
function changeError(input: ApplyCommitInput, errorCode: 'conflict' | 'empty') {
  const [verb, done] = VERBS[input.change]
  const reason = `${input.dryRun ? 'dry_run' : 'change'}_${errorCode}`
  return new PreconditionError(
    `Sorry, we cannot ${verb} this commit automatically. This commit may already have been ${done}, or a more recent commit may have updated some of its content.`,
    reason,
  )
}

/** The first line of a message, as Commit#title has it. */
function titleOf(message: string): string {
  return (message.split('\n', 1)[0] ?? '').trim()
}

/** Commit#cherry_pick_message and #revert_message (the merge request mention left out). */
function defaultMessage(commit: GitCommit, change: CommitChangeKind): string {
  if (change === 'revert') {
    return `Revert "${titleOf(commit.message)}"\n\nThis reverts commit ${commit.id}`
  }
  return `${commit.message.replace(/\n+$/, '')}\n\n(cherry picked from commit ${commit.id})`
}

/**
 * Commits::CherryPickService and RevertService without a worktree: the
 * commit's change against its first parent (a merge commit's mainline), or
 * its inverse, merged onto the branch head; the branch moves by compare-and-swap.
 * FAILED_PRECONDITION "change_conflict" or "change_empty" ("dry_run_conflict",
 * "dry_run_empty" for a dry run), or "moved".
 */
export async function applyCommit(repo: Repo, input: ApplyCommitInput): Promise<AppliedCommit> {
  const commit = await getCommit(repo, input.sha)
  const head = await branchHead(repo, input.branch)
  const parentTree = commit.parentIds[0]
    ? await treeOf(repo, commit.parentIds[0])
    : await emptyTree(repo)
  const commitTree = await treeOf(repo, commit.id)
  const change =
    input.change === 'revert'
      ? { baseTree: commitTree, theirsTree: parentTree }
      : { baseTree: parentTree, theirsTree: commitTree }
  const tree = await applyChangeTree(repo, change, head, input.user)
  if (!tree) throw changeError(input, 'conflict')
  if (tree === (await treeOf(repo, head))) throw changeError(input, 'empty')
  if (input.dryRun) return { commitId: undefined, changes: [] }
  const author =
    input.change === 'revert'
      ? input.user
      : {
          name: commit.authorName,
          email: commit.authorEmail,
          date: `@${await repo.text(['log', '-1', '--date=raw', '--format=%ad', commit.id])}`,
        }
  const message = input.message || defaultMessage(commit, input.change)
  const commitId = await writeCommit(repo, tree, [head], message, author, input.user)
  const changes = [{ ref: `refs/heads/${input.branch}`, oldId: head, newId: commitId }]
  if (!(await updateRefs(repo, changes))) {
    throw new PreconditionError('The branch was changed meanwhile', 'moved')
  }
  return { commitId, changes }
}
