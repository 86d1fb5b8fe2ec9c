import type { MergeRequestServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import type { MergeRequestsDeps } from './deps.js'

/** gitlab.merge_requests.v1: merge requests, milestones and labels (CRUD, lists, merge). Methods not given answer UNIMPLEMENTED. */
export function mergeRequestService(
  _server: GrpcServer,
  _deps: MergeRequestsDeps,
): MergeRequestServiceServer {
  return {} as MergeRequestServiceServer
}
