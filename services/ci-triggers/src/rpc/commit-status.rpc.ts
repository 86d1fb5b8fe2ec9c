import type { CommitStatus as CommitStatusMessage, PipelineServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import type { CommitStatus } from '../domain/commit-status.js'
import { createCommitStatus, type CreateCommitStatusDeps } from '../domain/create-commit-status.js'
import { listCommitStatuses } from '../domain/list-commit-statuses.js'
import { callerOf } from './from-proto.js'
import { toJobMessage } from './to-proto.js'

function toStatusMessage(status: CommitStatus): CommitStatusMessage {
  return {
    job: toJobMessage(status.job),
    targetUrl: status.targetUrl ?? undefined,
    description: status.description ?? undefined,
  }
}

/** PipelineService's commit status RPCs. */
export function commitStatusRpcs(
  server: GrpcServer,
  deps: CreateCommitStatusDeps,
): Pick<PipelineServiceServer, 'createCommitStatus' | 'listCommitStatuses'> {
  return {
    createCommitStatus: server.unary('CreateCommitStatus', async (req) => ({
      status: toStatusMessage(
        await createCommitStatus(deps, {
          caller: callerOf(req.caller),
          projectId: req.projectId,
          sha: req.sha,
          state: req.state,
          ref: req.ref,
          name: req.name,
          targetUrl: req.targetUrl,
          description: req.description,
          coverage: req.coverage,
          pipelineId: req.pipelineId,
        }),
      ),
    })),
    listCommitStatuses: server.unary('ListCommitStatuses', async (req) => {
      const { statuses, total } = await listCommitStatuses(
        deps,
        callerOf(req.caller),
        {
          projectId: req.projectId,
          sha: req.sha,
          ref: req.ref,
          stage: req.stage,
          name: req.name,
          all: req.all,
        },
        req.page,
      )
      return { statuses: statuses.map(toStatusMessage), pageInfo: { total } }
    }),
  }
}
