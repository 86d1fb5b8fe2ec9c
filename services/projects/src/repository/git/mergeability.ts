import { isAncestor } from './merge-base.js'
import { mergeTrees } from './merge-tree.js'
import { commitBySha } from './revisions.js'
import type { Repo } from '../store/repository-store.js'

/** Whether source merges cleanly into target, as GitLab's merge-status check needs it. */
export interface Mergeability {
  conflicts: boolean
  conflictingPaths: string[]
  /** The merged tree; '' when there are conflicts. */
  treeId: string
  fastForwardPossible: boolean
  /** Commits on the target that the source lacks. */
  divergedCommitsCount: number
}

/** CheckMergeability: merge-tree of source into target (full SHAs), touching no ref. */
export async function checkMergeability(
  repo: Repo,
  sourceSha: string,
  targetSha: string,
): Promise<Mergeability> {
  const source = await commitBySha(repo, sourceSha, 'source_sha')
  const target = await commitBySha(repo, targetSha, 'target_sha')
  const merge = await mergeTrees(repo, target, source)
  const diverged = await repo.text([
    'rev-list',
    '--count',
    '--end-of-options',
    target,
    `^${source}`,
  ])
  return {
    conflicts: !merge.clean,
    conflictingPaths: merge.conflicts,
    treeId: merge.clean ? merge.treeId : '',
    fastForwardPossible: await isAncestor(repo, target, source),
    divergedCommitsCount: Number.parseInt(diverged, 10) || 0,
  }
}
