import { MAX_SNAPSHOTS, syncNamespaces, type NamespaceSnapshot } from './namespace-projects.js'

const snapshot = (id: number, traversalIds: number[]): NamespaceSnapshot => ({
  id,
  fullPath: `g${id}`,
  fullName: `G${id}`,
  parentId: traversalIds.length > 1 ? (traversalIds[traversalIds.length - 2] ?? null) : null,
  traversalIds,
  visibilityLevel: 20,
})

function deps(changed: number) {
  const synced: NamespaceSnapshot[][] = []
  let woken = 0
  return {
    synced,
    woken: () => woken,
    deps: {
      store: {
        maxVisibility: () => Promise.resolve(undefined),
        pathTaken: () => Promise.resolve(false),
        sync: (snapshots: readonly NamespaceSnapshot[]) => {
          synced.push([...snapshots])
          return Promise.resolve(changed)
        },
      },
      onAccessFactsQueued: () => {
        woken++
      },
    },
  }
}

describe('syncNamespaces', () => {
  it('writes the snapshots and wakes the access facts relay when projects changed', async () => {
    const d = deps(3)
    await expect(syncNamespaces(d.deps, [snapshot(1, [1]), snapshot(2, [1, 2])])).resolves.toBe(3)
    expect(d.synced).toHaveLength(1)
    expect(d.woken()).toBe(1)
  })

  it('does not wake the relay when nothing changed, and skips an empty call', async () => {
    const d = deps(0)
    await syncNamespaces(d.deps, [snapshot(1, [1])])
    await syncNamespaces(d.deps, [])
    expect(d.synced).toHaveLength(1)
    expect(d.woken()).toBe(0)
  })

  it('refuses a snapshot whose traversal ids do not end with itself, and too many at once', async () => {
    const d = deps(1)
    await expect(syncNamespaces(d.deps, [snapshot(2, [1])])).rejects.toThrow()
    const many = Array.from({ length: MAX_SNAPSHOTS + 1 }, (_, i) => snapshot(i + 1, [i + 1]))
    await expect(syncNamespaces(d.deps, many)).rejects.toThrow()
    expect(d.synced).toHaveLength(0)
  })
})
