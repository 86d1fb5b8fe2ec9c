/**
 * GitLab's merge request abilities from the caller's access level in the
 * project (caller.accessLevel, resolved by the gateway) and the request.
 *
 * OWNER: the core merge-requests work. Others import these functions and
 * must not change their signatures.
 */
import type { Caller } from '@suite/proto'
import type { MergeRequestRow } from './merge-request-access.js'

const DEVELOPER = 30

/** update_merge_request: Developer and up, or the author. */
export function canUpdateMergeRequest(caller: Caller | undefined, row: MergeRequestRow): boolean {
  if (!caller?.userId) return false
  if (caller.admin) return true
  return caller.accessLevel >= DEVELOPER || caller.userId === row.author_id
}
