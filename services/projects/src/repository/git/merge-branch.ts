import { InvalidError, NotFoundError, PreconditionError } from '@suite/runtime'
import { writeCommit, type Ident } from './commit-writer.js'
import { isAncestor, mergeBaseOf } from './merge-base.js'
import { mergeTrees, treeOf } from './merge-tree.js'
import type { RefChange } from '../domain/push-events.js'
import { rebaseOnto } from './rebase.js'
import { isFullObjectId } from '../domain/ref-names.js'
import { branchHead } from './revisions.js'
import type { Repo } from '../store/repository-store.js'
import { updateRefs, type RefUpdate } from './ref-transaction.js'

export type MergeMethodName = 'merge' | 'rebase_merge' | 'ff'

export interface MergeInput {
  sourceBranch: string
  /**
   * A fork's request: the ref holding its fetched source head
   * (refs/merge-requests/<iid>/head), which is never moved or removed here.
   */
  forkSourceRef?: string | undefined
  /** The source head the caller saw; the branch must still point there. */
  sourceSha: string
  targetBranch: string
  method: MergeMethodName
  squash: boolean
  squashCommitMessage: string
  mergeCommitMessage: string
  /** Author and committer of every new commit (rebased commits keep their authors). */
  user: Ident
  removeSourceBranch: boolean
}

export interface MergeOutcome {
  targetSha: string
  mergeCommitSha: string | undefined
  squashCommitSha: string | undefined
  rebasedSourceSha: string | undefined
  sourceBranchRemoved: boolean
  /** Every ref the merge moved, for push events and branch updates. */
  changes: RefChange[]
}

/** GitLab's messages for the FAILED_PRECONDITION reasons. */
export const MERGE_MESSAGES = {
  conflict: 'Conflicts detected during merge',
  notFastForward:
    'Only fast-forward merge is allowed for your project. Please update your source branch',
  targetMoved: 'The target branch was changed meanwhile',
} as const

function sourceMoved(head: string): PreconditionError {
  return new PreconditionError(`SHA does not match HEAD of source branch: ${head}`, 'moved')
}

/** The squash commit: the head's tree on the merge-base of target and head. */
async function squashCommit(repo: Repo, target: string, head: string, input: MergeInput) {
  const base = await mergeBaseOf(repo, target, head)
  const tree = await treeOf(repo, head)
  const parents = base ? [base] : []
  return writeCommit(repo, tree, parents, input.squashCommitMessage, input.user, input.user)
}

/** The target's new head for a method: the head itself (ff) or a merge commit. */
async function newTargetHead(repo: Repo, target: string, head: string, input: MergeInput) {
  // Nothing to merge (a rebase found every commit already in the target).
  if (head === target) return { targetSha: target, mergeCommitSha: undefined }
  if (input.method === 'ff') {
    if (!(await isAncestor(repo, target, head))) {
      throw new PreconditionError(MERGE_MESSAGES.notFastForward, 'not_fast_forward')
    }
    return { targetSha: head, mergeCommitSha: undefined }
  }
  const merge = await mergeTrees(repo, target, head)
  if (!merge.clean) throw new PreconditionError(MERGE_MESSAGES.conflict, 'conflict')
  const parents = [target, head]
  const sha = await writeCommit(
    repo,
    merge.treeId,
    parents,
    input.mergeCommitMessage,
    input.user,
    input.user,
  )
  return { targetSha: sha, mergeCommitSha: sha }
}

/** The fetched head of a fork's request; a request never fetched has nothing to merge. */
async function forkSourceHead(repo: Repo, ref: string): Promise<string> {
  const oid = /^refs\/merge-requests\/[1-9][0-9]{0,18}\/head$/.test(ref)
    ? await repo.refTarget(`${ref}^{commit}`)
    : undefined
  if (!oid) throw new NotFoundError('Branch')
  return oid
}

/**
 * MergeBranch in the bare repository, without a worktree: optional rebase
 * (rebase_merge), optional squash, then a merge commit or a fast-forward.
 * All refs move in one `update-ref --stdin` transaction checked against the
 * heads read here, so a concurrent push fails it with "moved".
 */
export async function mergeBranch(repo: Repo, input: MergeInput): Promise<MergeOutcome> {
  if (!isFullObjectId(input.sourceSha)) throw new InvalidError({}, 'sha is invalid')
  const fork = input.forkSourceRef !== undefined
  if (!fork && input.sourceBranch === input.targetBranch) {
    throw new InvalidError({}, 'source and target branch must differ')
  }
  const source = fork
    ? await forkSourceHead(repo, input.forkSourceRef ?? '')
    : await branchHead(repo, input.sourceBranch)
  if (source !== input.sourceSha) throw sourceMoved(source)
  const target = await branchHead(repo, input.targetBranch)
  let head = source
  let rebasedSourceSha: string | undefined
  if (input.method === 'rebase_merge' && !(await isAncestor(repo, target, source))) {
    head = await rebaseOnto(repo, source, target, input.user)
    rebasedSourceSha = head
  }
  const squashCommitSha = input.squash ? await squashCommit(repo, target, head, input) : undefined
  const { targetSha, mergeCommitSha } = await newTargetHead(
    repo,
    target,
    squashCommitSha ?? head,
    input,
  )
  const removeSource =
    !fork && input.removeSourceBranch && (await repo.headBranch()) !== input.sourceBranch
  const updates: RefUpdate[] = [
    { ref: `refs/heads/${input.targetBranch}`, oldId: target, newId: targetSha },
  ]
  const sourceRef = `refs/heads/${input.sourceBranch}`
  if (removeSource) updates.push({ ref: sourceRef, oldId: source, newId: undefined })
  else if (rebasedSourceSha && !fork)
    updates.push({ ref: sourceRef, oldId: source, newId: rebasedSourceSha })
  const changes = updates.filter((update) => update.oldId !== update.newId)
  if (!(await updateRefs(repo, changes))) {
    throw new PreconditionError(MERGE_MESSAGES.targetMoved, 'moved')
  }
  return {
    targetSha,
    mergeCommitSha,
    squashCommitSha,
    rebasedSourceSha,
    sourceBranchRemoved: removeSource,
    changes,
  }
}

export interface RebaseInput {
  branch: string
  /** The head the rebase was asked for; the branch must still point there. */
  expectedHead: string
  ontoBranch: string
  /**
   * The repository holding ontoBranch when it is not this one (a fork's
   * request: its upstream); its head is fetched here before the rebase.
   */
  ontoRepo?: Repo | undefined
  committer: Ident
  /** Push options the branch update carries (`ci.skip`). */
  pushOptions: readonly string[]
}

/**
 * The head of the onto branch, present in `repo`: read there, or read in
 * the other repository and fetched from it by its object id (no ref is
 * written here; the rebased commits then keep it reachable).
 */
async function ontoHead(repo: Repo, input: RebaseInput): Promise<string> {
  if (!input.ontoRepo) return branchHead(repo, input.ontoBranch)
  const head = await branchHead(input.ontoRepo, input.ontoBranch)
  await repo.run([
    'fetch',
    '--quiet',
    '--no-tags',
    '--no-write-fetch-head',
    input.ontoRepo.gitDir,
    head,
  ])
  return head
}

/**
 * RebaseBranch in the bare repository (Gitaly's UserRebaseConfirmable): the
 * branch's commits that the onto branch (here, or in `ontoRepo`) lacks replayed on its head, the
 * branch moved in one compare-and-swap from the head read here. Nothing moves
 * when the branch already contains the onto head.
 */
export async function rebaseBranch(
  repo: Repo,
  input: RebaseInput,
): Promise<{ head: string; changes: RefChange[] }> {
  if (!isFullObjectId(input.expectedHead)) throw new InvalidError({}, 'sha is invalid')
  if (input.branch === input.ontoBranch && !input.ontoRepo) {
    throw new InvalidError({}, 'source and target branch must differ')
  }
  const source = await branchHead(repo, input.branch)
  if (source !== input.expectedHead) throw sourceMoved(source)
  const onto = await ontoHead(repo, input)
  if (await isAncestor(repo, onto, source)) return { head: source, changes: [] }
  const head = await rebaseOnto(repo, source, onto, input.committer)
  const change = { ref: `refs/heads/${input.branch}`, oldId: source, newId: head }
  if (!(await updateRefs(repo, [change]))) throw sourceMoved(await branchHead(repo, input.branch))
  return { head, changes: [{ ...change, pushOptions: input.pushOptions }] }
}

export interface MergeToRefInput {
  sourceSha: string
  targetBranch: string
  mergeRequestIid: number
  message: string
  user: Ident
}

/**
 * UserMergeToRef: the merge commit of the source into the target branch's
 * head, written to refs/merge-requests/<iid>/merge (moved as often as asked);
 * no branch moves. A conflict is FAILED_PRECONDITION "conflict".
 */
export async function mergeToRef(repo: Repo, input: MergeToRefInput): Promise<string> {
  if (!isFullObjectId(input.sourceSha)) throw new InvalidError({}, 'sha is invalid')
  if (!Number.isSafeInteger(input.mergeRequestIid) || input.mergeRequestIid <= 0) {
    throw new InvalidError({}, 'merge_request_iid is invalid')
  }
  if ((await repo.refTarget(`${input.sourceSha}^{commit}`)) !== input.sourceSha) {
    throw new NotFoundError('Commit')
  }
  const target = await branchHead(repo, input.targetBranch)
  const merge = await mergeTrees(repo, target, input.sourceSha)
  if (!merge.clean) throw new PreconditionError(MERGE_MESSAGES.conflict, 'conflict')
  const commit = await writeCommit(
    repo,
    merge.treeId,
    [target, input.sourceSha],
    input.message,
    input.user,
    input.user,
  )
  await repo.run([
    'update-ref',
    '--end-of-options',
    `refs/merge-requests/${input.mergeRequestIid}/merge`,
    commit,
  ])
  return commit
}
