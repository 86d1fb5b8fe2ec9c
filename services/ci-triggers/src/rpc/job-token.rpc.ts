import type { JobTokenServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import type { Caller } from '../domain/caller.js'
import {
  addToAllowlist,
  authenticateJobToken,
  listAllowlist,
  removeFromAllowlist,
} from '../domain/job-token.js'
import type { AccessPort } from '../domain/ports.js'
import type { JobQueueStore } from '../domain/runner-ports.js'
import { callerOf } from './from-proto.js'
import { toJobMessage } from './to-proto.js'

export interface JobTokenDeps {
  queue: JobQueueStore
  access: Pick<AccessPort, 'callerFor'>
}

/** Whether the caller can read `projectId`, as the projects service answers for their user. */
async function readable(deps: JobTokenDeps, caller: Caller, projectId: number): Promise<boolean> {
  if (caller.userId === null || projectId <= 0) return false
  return (await deps.access.callerFor(caller.userId, { id: projectId })) !== undefined
}

/** gitlab.ci.v1.JobTokenService */
export function jobTokenService(server: GrpcServer, deps: JobTokenDeps): JobTokenServiceServer {
  return {
    authenticateJobToken: server.unary('AuthenticateJobToken', async (req) => {
      const found = await authenticateJobToken(deps.queue, req.token, req.targetProjectId ?? null)
      return {
        job: toJobMessage(found.job),
        userId: found.userId,
        running: found.running,
        targetAllowed: found.targetAllowed,
      }
    }),

    listAllowlist: server.unary('ListAllowlist', async (req) => ({
      projectIds: await listAllowlist(deps.queue, callerOf(req.caller), req.projectId),
    })),

    addToAllowlist: server.unary('AddToAllowlist', async (req) => {
      const caller = callerOf(req.caller)
      await addToAllowlist(
        deps.queue,
        caller,
        req.projectId,
        req.targetProjectId,
        await readable(deps, caller, req.targetProjectId),
      )
      // The link as GitLab shows it: the allowed project is its source.
      return { sourceProjectId: req.targetProjectId, targetProjectId: req.projectId }
    }),

    removeFromAllowlist: server.unary('RemoveFromAllowlist', async (req) => {
      await removeFromAllowlist(
        deps.queue,
        callerOf(req.caller),
        req.projectId,
        req.targetProjectId,
      )
      return {}
    }),
  }
}
