import type { Caller } from './caller.js'
import type { Viewer } from './list-query.js'
import type { IdentityPort } from './ports.js'
import { callerMemberships } from './read-projects.js'

/** Where ListReadableProjectIds looks. */
export interface ReadableScope {
  /** Only projects of this group and its subgroups. */
  groupId?: number | undefined
  /** Leave archived projects out. */
  nonArchived: boolean
}

/** The store query the use case needs. */
export interface ReadableIdsStore {
  readableIds(viewer: Viewer, scope: ReadableScope): Promise<number[]>
}

/** `all`: every project matches and no id list is sent; else the ids. */
export type ReadableProjectIds =
  { all: true; projectIds: [] } | { all: false; projectIds: number[] }

/**
 * The projects a caller can read, for lists that span projects (merge
 * requests of a group or of the instance): the projects list's visibility
 * (members' projects, including those of groups above them; internal ones
 * for any signed-in user; public ones). An administrator reads everything,
 * so without a group or archive filter the answer is `all`.
 */
export async function listReadableProjectIds(
  store: ReadableIdsStore,
  identity: IdentityPort,
  caller: Caller,
  scope: ReadableScope,
): Promise<ReadableProjectIds> {
  if (caller.admin && scope.groupId === undefined && !scope.nonArchived) {
    return { all: true, projectIds: [] }
  }
  const memberships = await callerMemberships(identity, caller)
  return { all: false, projectIds: await store.readableIds({ caller, memberships }, scope) }
}
