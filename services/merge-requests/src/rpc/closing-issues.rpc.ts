import type { ClosingIssuesServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { listClosingIssues } from '../domain/close-merged-issues.js'
import type { MergeRequestsDeps } from '../domain/ports.js'
import { toCaller, toMergeRequestKey } from './from-proto.js'
import { toIssueMessage } from './issue-to-proto.js'

/** gitlab.merge_requests.v1.ClosingIssuesService: the issues a merge request closes. */
export function closingIssuesService(
  server: GrpcServer,
  deps: MergeRequestsDeps,
): ClosingIssuesServiceServer {
  return {
    listClosingIssues: server.unary('ListClosingIssues', async (request) => {
      const { issues, total } = await listClosingIssues(
        deps,
        toCaller(request.caller),
        toMergeRequestKey(request.mergeRequest),
        request.page,
      )
      return { issues: issues.map(toIssueMessage), pageInfo: { total } }
    }),
  }
}
