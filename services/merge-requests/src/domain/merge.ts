/**
 * PUT .../merge: merges through the repository role by the project's merge
 * method and records the result.
 *
 * OWNER: the workers/diffs work. rpc/merge-request.rpc.ts calls it.
 */
import type { MergeMergeRequestRequest } from '@suite/proto'
import { PreconditionError } from '@suite/runtime'
import type { MergeRequestsDeps } from '../rpc/deps.js'
import type { MergeRequestRow } from './merge-request-access.js'

/** Merges the request (already found and readable); returns the updated row. */
export async function mergeMergeRequest(
  deps: MergeRequestsDeps,
  row: MergeRequestRow,
  request: MergeMergeRequestRequest,
): Promise<MergeRequestRow> {
  void deps
  void row
  void request
  await Promise.resolve()
  throw new PreconditionError('405 Method Not Allowed', 'method_not_allowed')
}
