/**
 * Time tracking (API::TimeTrackingEndpoints on merge requests and issues, one
 * code path): writes need admin_merge_request / admin_issue, reads
 * read_merge_request / read_issue (a confidential issue 404 for those who may
 * not read it); the durations are GitLab's language, the answers GitLab's
 * IssuableTimeStats.
 */
import { ForbiddenError, InvalidError } from '@suite/runtime'
import type { Caller } from './caller.js'
import { requireUserId } from './collaboration-access.js'
import type { MergeRequestsDeps } from './ports.js'
import { MAX_TIME_ESTIMATE, parseDuration } from './durations.js'
import type { NoteableRef } from './collaboration-records.js'
import { canAdminIssue } from './issue.js'
import { requireMergeRequest } from './merge-request-access.js'
import { requireVisibleNoteable, type NoteableKey } from './noteable.js'
import type { TimeStats } from './merge-request-view.js'
import { canAdminMergeRequest } from './policy.js'
import { timeStatsOf, type TrackedTimes } from './time-stats.js'

/**
 * Timelog::MAX_TOTAL_TIME_SPENT of current GitLab: four years of 365.25
 * days ("Total time spent cannot exceed 4 years.").
 */
export const TOTAL_TIME_SPENT_LIMIT = 126_230_400
/** Timelog's summary length validation. */
const MAX_SUMMARY_LENGTH = 255

/** Whether a duration says zero ("0", "0h 0m", "0 hours"): GitLab's parse with keep_zero reads 0. */
export function isZeroDuration(text: string): boolean {
  const tokens = text
    .replace(/^-/, '')
    .split(/[\s,]+/)
    .filter(Boolean)
  const zero = /^0+(?:\.0+)?[a-z]*$/i
  return (
    tokens.some((token) => zero.test(token)) &&
    tokens.every((token) => zero.test(token) || /^[a-z]+$/i.test(token))
  )
}

/** The request or issue the caller may read (else 404), its reference and its times. */
async function requireTrackable(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
): Promise<{ ref: NoteableRef; projectId: number; times: TrackedTimes; issue: boolean }> {
  if (key.noteableType === 'Issue') {
    const noteable = await requireVisibleNoteable(deps, caller, key)
    if (noteable.type !== 'Issue') throw new Error('an issue key found a merge request')
    return { ref: noteable.ref, projectId: noteable.projectId, times: noteable.issue, issue: true }
  }
  const mergeRequest = await requireMergeRequest(deps, caller, key)
  return {
    ref: { type: 'MergeRequest', id: mergeRequest.id },
    projectId: mergeRequest.targetProjectId,
    times: mergeRequest,
    issue: false,
  }
}

/** The request or issue, when the caller may administer it (else 403). */
async function requireAdministrable(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
): Promise<NoteableRef> {
  requireUserId(caller)
  const { ref, projectId, issue } = await requireTrackable(deps, caller, key)
  const mayAdmin = issue
    ? canAdminIssue(caller, projectId)
    : canAdminMergeRequest(caller, projectId)
  if (!mayAdmin) throw new ForbiddenError()
  return ref
}

/** GET .../time_stats */
export async function getTimeStats(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
): Promise<TimeStats> {
  return timeStatsOf((await requireTrackable(deps, caller, key)).times)
}

/** POST .../time_estimate: a duration of 0 or more, else GitLab's 400. */
export async function setTimeEstimate(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
  duration: string,
): Promise<TimeStats> {
  const trackable = await requireAdministrable(deps, caller, key)
  const text = duration.trim()
  const seconds = isZeroDuration(text) ? 0 : parseDuration(text)
  if (seconds === undefined || seconds < 0) {
    throw new InvalidError(
      {},
      '400 Bad request - Time estimate must have a valid format and be greater than or equal to zero.',
    )
  }
  const saved = await deps.stores.timelogs.saveTimeEstimate(
    trackable,
    Math.min(seconds, MAX_TIME_ESTIMATE),
  )
  return timeStatsOf(saved)
}

/** POST .../reset_time_estimate */
export async function resetTimeEstimate(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
): Promise<TimeStats> {
  const trackable = await requireAdministrable(deps, caller, key)
  return timeStatsOf(await deps.stores.timelogs.saveTimeEstimate(trackable, 0))
}

/**
 * The seconds a spent-time entry logs on top of `total`, or GitLab's
 * validation errors: a duration that does not parse (or is 0) makes a
 * timelog without time_spent; the total may neither go below 0 nor above
 * four years.
 */
export function checkSpentTime(
  seconds: number | undefined,
  total: number,
  summary: string | undefined,
): number {
  if (seconds === undefined || seconds === 0) {
    throw new InvalidError({ 'timelogs.time_spent': ["can't be blank"] })
  }
  if (summary !== undefined && summary.length > MAX_SUMMARY_LENGTH) {
    throw new InvalidError({
      'timelogs.summary': [`is too long (maximum is ${MAX_SUMMARY_LENGTH} characters)`],
    })
  }
  if (seconds < 0 && -seconds > total) {
    throw new InvalidError({ base: ['Time to subtract exceeds the total time spent'] })
  }
  if (total + seconds > TOTAL_TIME_SPENT_LIMIT) {
    throw new InvalidError({ base: ['Total time spent cannot exceed 4 years.'] })
  }
  return seconds
}

/** POST .../add_spent_time: a negative duration subtracts. */
export async function addSpentTime(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
  duration: string,
  summary: string | undefined,
): Promise<TimeStats> {
  const trackable = await requireAdministrable(deps, caller, key)
  const seconds = parseDuration(duration.trim())
  const updated = await deps.stores.timelogs.spendTime({
    trackable,
    userId: requireUserId(caller),
    summary,
    seconds: (total) => checkSpentTime(seconds, total, summary),
  })
  return timeStatsOf(updated)
}

/** POST .../reset_spent_time: a timelog taking the total back to 0. */
export async function resetSpentTime(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
): Promise<TimeStats> {
  const trackable = await requireAdministrable(deps, caller, key)
  const updated = await deps.stores.timelogs.spendTime({
    trackable,
    userId: requireUserId(caller),
    seconds: (total) => -total,
  })
  return timeStatsOf(updated)
}
