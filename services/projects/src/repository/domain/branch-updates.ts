import type { BranchUpdate } from '@suite/runtime'
import type { RefChange } from './push-events.js'

const BRANCH_PREFIX = 'refs/heads/'

/** One BranchUpdate per changed branch (tags and other refs are not branch updates). */
export function branchUpdatesOf(
  projectId: number,
  userId: number | undefined,
  changes: readonly RefChange[],
): BranchUpdate[] {
  const updates: BranchUpdate[] = []
  for (const change of changes) {
    if (!change.ref.startsWith(BRANCH_PREFIX)) continue
    if (change.oldId === change.newId) continue
    const length = (change.oldId ?? change.newId ?? '').length || 40
    const zero = '0'.repeat(length)
    updates.push({
      projectId,
      branch: change.ref.slice(BRANCH_PREFIX.length),
      before: change.oldId ?? zero,
      after: change.newId ?? zero,
      ...(userId !== undefined ? { userId } : {}),
    })
  }
  return updates
}
