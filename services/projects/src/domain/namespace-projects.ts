import { InvalidError, type VisibilityLevel } from '@suite/runtime'

/** A namespace as identity holds it after a rename or a move (gitlab.projects.v1.NamespaceSnapshot). */
export interface NamespaceSnapshot {
  id: number
  fullPath: string
  fullName: string
  parentId: number | null
  /** Root first, the namespace itself included. */
  traversalIds: number[]
  /** The namespace's visibility level: no project in it may be above it. */
  visibilityLevel: VisibilityLevel
}

/** How the domain reaches the projects of namespaces (store/namespace-projects.store.ts). */
export interface NamespaceProjectStore {
  /** The highest visibility level of the projects directly in a namespace; undefined with none. */
  maxVisibility(namespaceId: number): Promise<VisibilityLevel | undefined>
  /** Whether a project directly in a namespace has this path (any case). */
  pathTaken(namespaceId: number, path: string): Promise<boolean>
  /**
   * Writes the snapshots into the rows of the projects in those namespaces
   * that differ, lowers a project more visible than its namespace (its list
   * Requirements with it), queueing their access facts in the same
   * transaction; the number of projects changed.
   */
  sync(snapshots: readonly NamespaceSnapshot[]): Promise<number>
}

/** One call carries a subtree; a bigger one is refused rather than half applied. */
export const MAX_SNAPSHOTS = 10_000

export interface NamespaceProjectsDeps {
  store: NamespaceProjectStore
  /** Wakes the access facts relay after a sync queued some. */
  onAccessFactsQueued: () => void
}

/**
 * Takes identity's namespaces as they now are into the projects below them:
 * a project's full path, namespace name and the groups it inherits members
 * from follow a group's rename or transfer (Projects keep the namespace
 * columns their reads and lists filter by).
 */
export async function syncNamespaces(
  deps: NamespaceProjectsDeps,
  snapshots: readonly NamespaceSnapshot[],
): Promise<number> {
  if (snapshots.length > MAX_SNAPSHOTS) {
    throw new InvalidError({ namespaces: [`too many (at most ${MAX_SNAPSHOTS})`] })
  }
  const bad = snapshots.find(
    (s) => s.fullPath === '' || s.traversalIds[s.traversalIds.length - 1] !== s.id,
  )
  if (bad) throw new InvalidError({ namespaces: [`namespace ${bad.id} is not consistent`] })
  if (snapshots.length === 0) return 0
  const changed = await deps.store.sync(snapshots)
  if (changed > 0) deps.onAccessFactsQueued()
  return changed
}
