import type { CollaborationServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import type { MergeRequestsDeps } from './deps.js'

/** gitlab.merge_requests.v1: blocks, subscriptions, to-dos, time tracking, approvals and award emoji. Methods not given answer UNIMPLEMENTED. */
export function collaborationService(
  _server: GrpcServer,
  _deps: MergeRequestsDeps,
): CollaborationServiceServer {
  return {} as CollaborationServiceServer
}
