import type { DiffServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import type { MergeRequestsDeps } from './deps.js'

/** gitlab.merge_requests.v1: diff versions, diffs and merge request pipelines. Methods not given answer UNIMPLEMENTED. */
export function diffService(_server: GrpcServer, _deps: MergeRequestsDeps): DiffServiceServer {
  return {} as DiffServiceServer
}
