import { p } from './coercions.js'

/** Event.actions: what `action` may be. */
export const EVENT_ACTIONS = [
  'created',
  'updated',
  'closed',
  'reopened',
  'pushed',
  'commented',
  'merged',
  'joined',
  'left',
  'destroyed',
  'expired',
  'approved',
]

/** Event.target_types: what `target_type` may be (lowercase). */
export const EVENT_TARGET_TYPES = [
  'issue',
  'milestone',
  'merge_request',
  'note',
  'project',
  'snippet',
  'user',
  'wiki',
  'design',
]

/** lib/api/helpers/events_helpers.rb: `use :event_filter_params` and `use :sort_params`. */
export const eventFilterParams = {
  action: p.string().values(EVENT_ACTIONS),
  target_type: p.string().values(EVENT_TARGET_TYPES),
  before: p.date(),
  after: p.date(),
  sort: p.string().values(['asc', 'desc']).default('desc'),
}

/** The filters as ListEventsRequest fields. */
export function eventFilterFields(params: {
  action?: string | undefined
  target_type?: string | undefined
  before?: string | undefined
  after?: string | undefined
  sort: string
}) {
  return {
    action: params.action,
    targetType: params.target_type,
    before: params.before,
    after: params.after,
    sort: params.sort,
  }
}
