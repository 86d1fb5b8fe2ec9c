import { PROJECT_HOOK_EVENT_FLAGS, type ProjectHookEventFlag } from '@suite/runtime'
import { RE2JS } from 're2js'
import { refMatchesPattern } from './ref-wildcard.js'

/**
 * A project webhook (GitLab's ProjectHook) and its auto-disabling
 * (WebHooks::AutoDisabling): a hook whose deliveries keep failing is disabled
 * for a while, for longer each time, and for good after forty failures in a
 * row; a successful delivery (or test) makes it executable again.
 */

export const HOOK_EVENT_FLAGS = PROJECT_HOOK_EVENT_FLAGS

export type HookEventFlag = ProjectHookEventFlag

export const BRANCH_FILTER_STRATEGIES = ['wildcard', 'regex', 'all_branches'] as const
export type BranchFilterStrategy = (typeof BRANCH_FILTER_STRATEGIES)[number]

export interface Hook {
  id: number
  projectId: number
  url: string
  token: string | undefined
  name: string | undefined
  description: string | undefined
  events: Record<HookEventFlag, boolean>
  enableSslVerification: boolean
  pushEventsBranchFilter: string | undefined
  branchFilterStrategy: BranchFilterStrategy
  recentFailures: number
  disabledUntil: Date | undefined
  createdAt: Date
}

/** Failures in a row after which each further one disables the hook for a while. */
export const TEMPORARILY_DISABLED_FAILURE_THRESHOLD = 3
/** Failures in a row after which a hook is disabled until it is edited or tested. */
export const PERMANENTLY_DISABLED_FAILURE_THRESHOLD = 39
const INITIAL_BACKOFF_MS = 60_000
const MAX_BACKOFF_MS = 24 * 60 * 60_000

export type AlertStatus = 'executable' | 'temporarily_disabled' | 'disabled'

/** The failure state of a hook. */
export type FailureState = Pick<Hook, 'recentFailures' | 'disabledUntil'>

/**
 * Disabled for good past the permanent threshold (or, as GitLab reads rows of
 * its older rule, past the temporary one with no end set); for a while until
 * disabled_until; else executable.
 */
export function alertStatus(hook: FailureState, now: Date): AlertStatus {
  if (hook.recentFailures > PERMANENTLY_DISABLED_FAILURE_THRESHOLD) return 'disabled'
  if (hook.recentFailures > TEMPORARILY_DISABLED_FAILURE_THRESHOLD && !hook.disabledUntil) {
    return 'disabled'
  }
  if (hook.disabledUntil && hook.disabledUntil >= now) return 'temporarily_disabled'
  return 'executable'
}

/** Whether a delivery may go out now. */
export function executable(hook: FailureState, now: Date): boolean {
  return alertStatus(hook, now) === 'executable'
}

/** What a successful delivery leaves: executable, with no failures counted. */
export const RECOVERED: FailureState = { recentFailures: 0, disabledUntil: undefined }

/**
 * The state after a failed delivery of an executable hook: one more failure
 * (counted up to the permanent threshold's next); from the fourth in a row on
 * the hook rests for a minute, doubled with each further failure up to a day.
 */
export function afterFailure(state: FailureState, now: Date): FailureState {
  if (!executable(state, now)) return state
  const recentFailures = Math.min(
    state.recentFailures + 1,
    PERMANENTLY_DISABLED_FAILURE_THRESHOLD + 1,
  )
  if (recentFailures <= TEMPORARILY_DISABLED_FAILURE_THRESHOLD) {
    return { recentFailures, disabledUntil: undefined }
  }
  const exponent = state.recentFailures - TEMPORARILY_DISABLED_FAILURE_THRESHOLD
  const backoffMs = Math.min(
    Math.max(INITIAL_BACKOFF_MS * 2 ** exponent, INITIAL_BACKOFF_MS),
    MAX_BACKOFF_MS,
  )
  return { recentFailures, disabledUntil: new Date(now.getTime() + backoffMs) }
}

/**
 * Whether a hook with these settings wants a push to the branch
 * (push_events_branch_filter). A regex runs on RE2, as GitLab's untrusted
 * regexps do: linear time, so a maintainer's pattern cannot stall the worker.
 */
export function branchMatches(
  hook: Pick<Hook, 'pushEventsBranchFilter' | 'branchFilterStrategy'>,
  branch: string,
): boolean {
  const filter = hook.pushEventsBranchFilter
  if (hook.branchFilterStrategy === 'all_branches' || !filter) return true
  if (hook.branchFilterStrategy === 'regex') {
    try {
      return RE2JS.compile(filter).matcher(branch).find()
    } catch {
      return false
    }
  }
  // A wildcard is matched without a RegExp, which backtracks on `a*a*a*…b` (issue 24).
  return refMatchesPattern(filter, branch)
}

/** What a hook is saved with (everything but its id, project, failures and time). */
export type HookValues = Omit<
  Hook,
  'id' | 'projectId' | 'recentFailures' | 'disabledUntil' | 'createdAt'
>

/** One delivery, as logged. */
export interface HookLog {
  id: number
  hookId: number
  trigger: string
  url: string
  requestHeaders: Record<string, string>
  requestData: unknown
  responseHeaders: Record<string, string>
  responseBody: string
  responseStatus: string
  executionDuration: number
  internalErrorMessage: string | undefined
  createdAt: Date
}
