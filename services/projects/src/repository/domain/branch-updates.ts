import type { BranchUpdate } from '@suite/runtime'
import type { RefChange } from './push-events.js'

const BRANCH_PREFIX = 'refs/heads/'
const TAG_PREFIX = 'refs/tags/'

/** A ref's kind and short name, or undefined for refs that are neither branches nor tags. */
function branchOrTag(ref: string): { tag: boolean; name: string } | undefined {
  if (ref.startsWith(BRANCH_PREFIX)) return { tag: false, name: ref.slice(BRANCH_PREFIX.length) }
  if (ref.startsWith(TAG_PREFIX)) return { tag: true, name: ref.slice(TAG_PREFIX.length) }
  return undefined
}

/**
 * One BranchUpdate per changed branch or tag (other refs are none), with the
 * change's place among them and the push's CI push options.
 */
export function branchUpdatesOf(
  projectId: number,
  userId: number | undefined,
  changes: readonly RefChange[],
  pushOptions: readonly string[] = [],
): BranchUpdate[] {
  const updates: BranchUpdate[] = []
  for (const change of changes) {
    // The push's options, and those a single ref write asked for (a rebase with skip_ci).
    const ci = [...pushOptions, ...(change.pushOptions ?? [])]
    const named = branchOrTag(change.ref)
    if (!named || change.oldId === change.newId) continue
    const length = (change.oldId ?? change.newId ?? '').length || 40
    const zero = '0'.repeat(length)
    updates.push({
      projectId,
      branch: named.name,
      before: change.oldId ?? zero,
      after: change.newId ?? zero,
      ...(userId !== undefined ? { userId } : {}),
      tag: named.tag,
      ...(ci.length > 0 ? { pushOptions: { ci } } : {}),
      changeIndex: updates.length,
    })
  }
  return updates
}
