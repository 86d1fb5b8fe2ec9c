import type { JobTokenServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import type { Caller } from '../domain/caller.js'
import { authenticateJobToken, type JobTokenDeps } from '../domain/job-token.js'
import {
  addGroupToAllowlist,
  addToAllowlist,
  inboundEnabled,
  listAllowlist,
  listGroupsAllowlist,
  removeFromAllowlist,
  removeGroupFromAllowlist,
  setInboundEnabled,
} from '../domain/job-token-scope.js'
import type { AccessPort } from '../domain/ports.js'
import type { JobQueueStore, JobTokenScopeStore } from '../domain/runner-ports.js'
import { callerOf } from './from-proto.js'
import { toJobMessage } from './to-proto.js'

export interface JobTokenRpcDeps {
  queue: JobQueueStore
  scope: JobTokenScopeStore
  access: Pick<AccessPort, 'callerFor' | 'project' | 'groupReach'>
}

/** Whether the caller can read `projectId`, as the projects service answers for their user. */
async function readable(deps: JobTokenRpcDeps, caller: Caller, projectId: number) {
  if (caller.userId === null || projectId <= 0) return false
  return (await deps.access.callerFor(caller.userId, { id: projectId })) !== undefined
}

/** gitlab.ci.v1.JobTokenService */
export function jobTokenService(server: GrpcServer, deps: JobTokenRpcDeps): JobTokenServiceServer {
  const tokens: JobTokenDeps = deps
  const { scope } = deps
  return {
    authenticateJobToken: server.unary('AuthenticateJobToken', async (req) => {
      const found = await authenticateJobToken(tokens, req.token, req.targetProjectId ?? null)
      return {
        job: toJobMessage(found.job),
        userId: found.userId,
        running: found.running,
        targetAllowed: found.targetAllowed,
      }
    }),

    getJobTokenScope: server.unary('GetJobTokenScope', async (req) => ({
      inboundEnabled: await inboundEnabled(scope, callerOf(req.caller), req.projectId),
    })),

    updateJobTokenScope: server.unary('UpdateJobTokenScope', async (req) => {
      await setInboundEnabled(scope, callerOf(req.caller), req.projectId, req.inboundEnabled)
      return {}
    }),

    listAllowlist: server.unary('ListAllowlist', async (req) => ({
      projectIds: await listAllowlist(scope, callerOf(req.caller), req.projectId),
    })),

    addToAllowlist: server.unary('AddToAllowlist', async (req) => {
      const caller = callerOf(req.caller)
      const target = req.targetProjectId
      await addToAllowlist(
        scope,
        caller,
        req.projectId,
        target,
        await readable(deps, caller, target),
      )
      // Entities::ProjectScopeLink: the source is the project whose scope this is.
      return { sourceProjectId: req.projectId, targetProjectId: target }
    }),

    removeFromAllowlist: server.unary('RemoveFromAllowlist', async (req) => {
      await removeFromAllowlist(scope, callerOf(req.caller), req.projectId, req.targetProjectId)
      return {}
    }),

    listGroupsAllowlist: server.unary('ListGroupsAllowlist', async (req) => ({
      groupIds: await listGroupsAllowlist(scope, callerOf(req.caller), req.projectId),
    })),

    addGroupToAllowlist: server.unary('AddGroupToAllowlist', async (req) => {
      const caller = callerOf(req.caller)
      const group = req.targetGroupId
      const reach = group > 0 ? await deps.access.groupReach(caller, group) : 'missing'
      await addGroupToAllowlist(scope, caller, req.projectId, group, reach)
      return { sourceProjectId: req.projectId, targetGroupId: group }
    }),

    removeGroupFromAllowlist: server.unary('RemoveGroupFromAllowlist', async (req) => {
      const caller = callerOf(req.caller)
      const group = req.targetGroupId
      const reach = group > 0 ? await deps.access.groupReach(caller, group) : 'missing'
      await removeGroupFromAllowlist(scope, caller, req.projectId, group, reach !== 'missing')
      return {}
    }),
  }
}
