import type { TreeEntry } from '@suite/proto'

/** API::Entities::TreeObject. */
export function presentTreeObject(entry: TreeEntry) {
  return {
    id: entry.id,
    name: entry.name,
    type: entry.type,
    path: entry.path,
    mode: entry.mode,
  }
}
