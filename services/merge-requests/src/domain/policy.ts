/**
 * GitLab's merge request abilities from the caller's access level in the
 * project (caller.accessLevel, resolved by the gateway) and the request.
 *
 * OWNER: the core merge-requests work. Others import these functions and
 * must not change their signatures.
 */
import type { Caller } from '@suite/proto'
import type { MergeRequestRow } from './merge-request-access.js'

export const GUEST = 10
export const REPORTER = 20
export const DEVELOPER = 30
export const MAINTAINER = 40
export const OWNER = 50

function signedIn(caller: Caller | undefined): caller is Caller & { userId: number } {
  return caller?.userId !== undefined && caller.userId > 0
}

function atLeast(caller: Caller | undefined, level: number): boolean {
  if (!signedIn(caller)) return false
  return caller.admin || caller.accessLevel >= level
}

/**
 * update_merge_request: Developer and up, or the author or an assignee
 * (IssuablePolicy's assignee_or_author).
 */
export function canUpdateMergeRequest(
  caller: Caller | undefined,
  row: MergeRequestRow,
  assigneeIds: readonly number[] = [],
): boolean {
  if (!signedIn(caller)) return false
  if (caller.admin || caller.accessLevel >= DEVELOPER) return true
  return caller.userId === row.author_id || assigneeIds.includes(caller.userId)
}

/**
 * admin_merge_request: Developer and up. Without it GitLab drops the metadata
 * attributes of an update (labels, milestone, assignees, reviewers, lock).
 */
export function canAdminMergeRequest(caller: Caller | undefined): boolean {
  return atLeast(caller, DEVELOPER)
}

/**
 * create_merge_request_from the project (the API's check): pushing to the
 * source branch, Developer and up.
 */
export function canCreateMergeRequest(caller: Caller | undefined): boolean {
  return atLeast(caller, DEVELOPER)
}

/** reopen_merge_request: as update (author, assignee, Developer and up). */
export function canReopenMergeRequest(
  caller: Caller | undefined,
  row: MergeRequestRow,
  assigneeIds: readonly number[] = [],
): boolean {
  return canUpdateMergeRequest(caller, row, assigneeIds)
}

/** accept_merge_request: Developer and up (protected branch rules are not modelled). */
export function canMergeMergeRequest(caller: Caller | undefined): boolean {
  return atLeast(caller, DEVELOPER)
}

/** destroy_merge_request: the project's Owner, or an administrator. */
export function canDeleteMergeRequest(caller: Caller | undefined): boolean {
  return atLeast(caller, OWNER)
}

/** Whether with_merge_status_recheck applies to the caller under restrict_merge_status_recheck. */
export function canRecheckMergeStatus(caller: Caller | undefined, restricted: boolean): boolean {
  return !restricted || atLeast(caller, DEVELOPER)
}

/** admin_milestone (creating one): Reporter (Planner) and up. */
export function canCreateMilestone(caller: Caller | undefined): boolean {
  return atLeast(caller, REPORTER)
}
