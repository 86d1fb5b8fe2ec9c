import type { AbilityScope, ListAbility } from './access-requirements.js'
import type { Caller } from './caller.js'
import type { ActivityEvent } from './event.js'
import { eventFilter, eventSort, type EventFilter, type EventFilterInput } from './event-filters.js'
import type { EventVisibility } from './event-readability.js'

/** What listing needs of the store: a page of the visible events matching the filter, and their count. */
export interface EventReader {
  list: (
    filter: EventFilter,
    visibility: EventVisibility,
    sort: 'asc' | 'desc',
    page: { page: number; perPage: number },
  ) => Promise<{ events: ActivityEvent[]; total: number }>
}

/** The caller's scopes for the list abilities (one membership lookup). */
export type ScopesOf = (caller: Caller) => Promise<Record<ListAbility, AbilityScope>>

export interface ListEventsInput extends EventFilterInput {
  authorId?: number | undefined
  /** GET /projects/:id/events: the project the gateway resolved. */
  projectId?: number | undefined
  scope?: string | undefined
  sort?: string | undefined
  page: { page: number; perPage: number }
}

/**
 * EventsFinder: a project's events, a user's events, or with scope=all the
 * events of every project the caller is a member of. Whichever it is, only
 * events the caller may see (event-readability.ts): the store filters them
 * in SQL before counting and paging, against each project's Requirements.
 */
export async function listEvents(
  reader: EventReader,
  scopesOf: ScopesOf,
  caller: Caller,
  input: ListEventsInput,
): Promise<{ events: ActivityEvent[]; total: number }> {
  const filter = eventFilter(input)
  const sort = eventSort(input.sort)
  const allProjects =
    input.projectId === undefined && input.scope === 'all' && caller.userId !== undefined
  if (input.projectId !== undefined) {
    filter.projectIds = [input.projectId]
  } else if (!allProjects) {
    if (input.authorId === undefined) return { events: [], total: 0 }
    filter.authorId = input.authorId
  }
  const scopes = await scopesOf(caller)
  return reader.list(filter, { scopes, membersOnly: allProjects }, sort, input.page)
}
