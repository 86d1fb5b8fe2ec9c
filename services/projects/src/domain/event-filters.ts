/** Event.actions: the stored actions GitLab filters on. */
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
] as const

/** Event::TARGET_TYPES: the lowercase filter value and the stored class name. */
export const EVENT_TARGET_TYPES: Readonly<Record<string, string>> = {
  issue: 'Issue',
  milestone: 'Milestone',
  merge_request: 'MergeRequest',
  note: 'Note',
  project: 'Project',
  snippet: 'Snippet',
  user: 'User',
  wiki: 'WikiPage::Meta',
  design: 'DesignManagement::Design',
}

/** What the stores filter on, already in stored terms. */
export interface EventFilter {
  authorId?: number
  /** Only these projects; undefined is every project. */
  projectIds?: readonly number[]
  action?: string
  /** The stored class name (MergeRequest, ...). */
  targetType?: string
  /** created_at strictly before this instant. */
  createdBefore?: Date
  /** created_at at or after this instant. */
  createdFrom?: Date
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A YYYY-MM-DD date's midnight (UTC), or undefined for anything else. */
function dayStart(date: string | undefined): Date | undefined {
  const match = date === undefined ? null : DATE.exec(date)
  if (!match) return undefined
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return Number.isNaN(day.getTime()) ? undefined : day
}

export interface EventFilterInput {
  action?: string | undefined
  targetType?: string | undefined
  before?: string | undefined
  after?: string | undefined
}

/**
 * EventsFinder's filters: an unknown action or target type filters nothing,
 * `before` is before the start of that day and `after` after its end.
 */
export function eventFilter(input: EventFilterInput): EventFilter {
  const filter: EventFilter = {}
  if (input.action && (EVENT_ACTIONS as readonly string[]).includes(input.action)) {
    filter.action = input.action
  }
  const targetType = input.targetType ? EVENT_TARGET_TYPES[input.targetType] : undefined
  if (targetType) filter.targetType = targetType
  const before = dayStart(input.before)
  if (before) filter.createdBefore = before
  const afterDay = dayStart(input.after)
  // After the end of that day (23:59:59.999999): from the next midnight on.
  if (afterDay) filter.createdFrom = new Date(afterDay.getTime() + 86_400_000)
  return filter
}

/** asc or desc; anything else is GitLab's default, desc. */
export function eventSort(sort: string | undefined): 'asc' | 'desc' {
  return sort === 'asc' ? 'asc' : 'desc'
}
