/**
 * Resource state events (GitLab's ResourceStateEvent with
 * lib/api/resource_state_events.rb): a merge request's closes, reopens and
 * merges, recorded in the state change's transaction and read by whoever can
 * read the request (404 Merge Request Not Found otherwise).
 */
import { RecordNotFoundError, pageWindow, type PageRequest } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { ResourceState, ResourceStateEvent } from './event-records.js'
import type { MergeRequestsDeps, Stores } from './ports.js'
import type { MergeRequestKey } from './merge-request.js'
import { requireVisibleMergeRequest } from './merge-request-access.js'

export type { ResourceState, ResourceStateEvent } from './event-records.js'

/** Whether an activity action is also a state event, and which. */
export function resourceStateOf(action: string): ResourceState | undefined {
  return action === 'closed' || action === 'reopened' || action === 'merged' ? action : undefined
}

/** Records the request's state event in `stores` (the state change's transaction). */
export async function recordResourceStateEvent(
  stores: Pick<Stores, 'stateEvents'>,
  mergeRequestId: number,
  state: ResourceState,
  userId: number | null,
): Promise<void> {
  await stores.stateEvents.add(mergeRequestId, userId, state)
}

/** GET .../resource_state_events: one page, oldest first. */
export async function listResourceStateEvents(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  page: PageRequest | undefined,
): Promise<{ events: ResourceStateEvent[]; total: number }> {
  const mergeRequest = await requireVisibleMergeRequest(deps, caller, key)
  return deps.stores.stateEvents.list(mergeRequest.id, pageWindow(page))
}

/**
 * GET .../resource_state_events/:resource_event_id: 404 Not found for another
 * request's event (ResourceStateEventFinder#find).
 */
export async function getResourceStateEvent(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  eventId: number,
): Promise<ResourceStateEvent> {
  const mergeRequest = await requireVisibleMergeRequest(deps, caller, key)
  const event =
    eventId > 0 ? await deps.stores.stateEvents.find(mergeRequest.id, eventId) : undefined
  if (!event) throw new RecordNotFoundError()
  return event
}

/** The label or milestone events of a request, as the stores read them. */
type EventKind = 'labelEvents' | 'milestoneEvents'

/** GET .../resource_label_events and .../resource_milestone_events: one page, oldest first. */
export async function listResourceEvents<K extends EventKind>(
  deps: MergeRequestsDeps,
  kind: K,
  caller: Caller | undefined,
  key: MergeRequestKey,
  page: PageRequest | undefined,
): Promise<Awaited<ReturnType<Stores[K]['list']>>> {
  const mergeRequest = await requireVisibleMergeRequest(deps, caller, key)
  return (await deps.stores[kind].list(mergeRequest.id, pageWindow(page))) as Awaited<
    ReturnType<Stores[K]['list']>
  >
}

/** GET .../resource_label_events/:id and .../resource_milestone_events/:id: 404 Not found for another request's. */
export async function getResourceEvent<K extends EventKind>(
  deps: MergeRequestsDeps,
  kind: K,
  caller: Caller | undefined,
  key: MergeRequestKey,
  eventId: number,
): Promise<NonNullable<Awaited<ReturnType<Stores[K]['find']>>>> {
  const mergeRequest = await requireVisibleMergeRequest(deps, caller, key)
  const event = eventId > 0 ? await deps.stores[kind].find(mergeRequest.id, eventId) : undefined
  if (!event) throw new RecordNotFoundError()
  return event as NonNullable<Awaited<ReturnType<Stores[K]['find']>>>
}
