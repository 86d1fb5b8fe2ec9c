import type { ActivityEvent } from './event.js'
import { eventFilter, eventSort, type EventFilter, type EventFilterInput } from './event-filters.js'

/** Who asks, as the events domain needs it. */
export interface EventCaller {
  userId: number | undefined
  admin: boolean
}

/** The projects domain's answer to "which of these projects may the caller read". */
export interface ProjectReadability {
  /** The readable ones among `projectIds`, each with the caller's access level in it. */
  readable: (
    caller: EventCaller,
    projectIds: readonly number[],
  ) => Promise<{ projectId: number; accessLevel: number }[]>
}

/** What listing needs of the store. */
export interface EventReader {
  projectIdsOf: (filter: EventFilter) => Promise<number[]>
  list: (
    filter: EventFilter,
    sort: 'asc' | 'desc',
    page: { page: number; perPage: number },
  ) => Promise<{ events: ActivityEvent[]; total: number }>
}

export interface ListEventsInput extends EventFilterInput {
  authorId?: number | undefined
  /** A project the gateway resolved for the caller (so readable by them). */
  projectId?: number | undefined
  scope?: string | undefined
  sort?: string | undefined
  page: { page: number; perPage: number }
}

/**
 * EventsFinder: a project's events, a user's events, or with scope=all the
 * events of every project the caller is a member of; in every case only
 * events of projects the caller may read.
 */
export async function listEvents(
  reader: EventReader,
  readability: ProjectReadability,
  caller: EventCaller,
  input: ListEventsInput,
): Promise<{ events: ActivityEvent[]; total: number }> {
  const filter = eventFilter(input)
  const sort = eventSort(input.sort)
  const none = { events: [], total: 0 }
  if (input.projectId !== undefined) {
    return reader.list({ ...filter, projectIds: [input.projectId] }, sort, input.page)
  }
  const allProjects = input.scope === 'all' && caller.userId !== undefined
  if (!allProjects) {
    if (input.authorId === undefined) return none
    filter.authorId = input.authorId
  }
  const candidates = await reader.projectIdsOf(filter)
  if (candidates.length === 0) return none
  const readable = await readability.readable(caller, candidates)
  // scope=all is the caller's authorized projects: those they are a member of.
  const projectIds = readable
    .filter((project) => !allProjects || project.accessLevel > 0)
    .map((project) => project.projectId)
  if (projectIds.length === 0) return none
  return reader.list({ ...filter, projectIds }, sort, input.page)
}
