import { ACTIVITY_EVENTS_QUEUE } from '@suite/runtime'

/** Activity events reported by every service (the producers' side is @suite/runtime). */
export const EVENTS_QUEUE = ACTIVITY_EVENTS_QUEUE

/** The scheduled removal of events older than three years. */
export const EVENTS_PRUNE_QUEUE = 'projects.events-prune'

/** The prune job's payload: nothing, the cutoff is computed when it runs. */
export type PruneJobData = Record<string, never>

/** One request of one hook for one event, with its retries (the hook events worker queues them). */
export const HOOK_DELIVERIES_QUEUE = 'projects.hook-deliveries'
