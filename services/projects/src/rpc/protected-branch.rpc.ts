import type {
  ProtectedBranch as ProtectedBranchMessage,
  ProtectedBranchInput as ProtectedBranchInputMessage,
  ProtectedBranchServiceServer,
} from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import type { ProtectedBranch } from '../domain/protected-branch.js'
import {
  createProtectedBranch,
  deleteProtectedBranch,
  getProtectedBranch,
  listProtectedBranches,
  updateProtectedBranch,
  type ProtectedBranchDeps,
  type ProtectedBranchInput,
} from '../domain/protected-branches.js'
import { toCaller } from './from-proto.js'

const DEFAULT_PER_PAGE = 20
const MAX_PER_PAGE = 100

function toMessage(rule: ProtectedBranch): ProtectedBranchMessage {
  return {
    id: rule.id,
    name: rule.name,
    pushAccessLevel: rule.pushAccessLevel,
    mergeAccessLevel: rule.mergeAccessLevel,
    unprotectAccessLevel: rule.unprotectAccessLevel,
    allowForcePush: rule.allowForcePush,
    codeOwnerApprovalRequired: rule.codeOwnerApprovalRequired,
  }
}

function toInput(input: ProtectedBranchInputMessage | undefined): ProtectedBranchInput {
  return {
    pushAccessLevel: input?.pushAccessLevel,
    mergeAccessLevel: input?.mergeAccessLevel,
    unprotectAccessLevel: input?.unprotectAccessLevel,
    allowForcePush: input?.allowForcePush,
    codeOwnerApprovalRequired: input?.codeOwnerApprovalRequired,
  }
}

/** gitlab.projects.v1.ProtectedBranchService */
export function protectedBranchService(
  server: GrpcServer,
  deps: ProtectedBranchDeps,
): ProtectedBranchServiceServer {
  return {
    listProtectedBranches: server.unary('ListProtectedBranches', async (req) => {
      const rules = await listProtectedBranches(
        deps,
        toCaller(req.caller),
        req.projectId,
        req.search,
      )
      const page = Math.max(req.page?.page ?? 1, 1)
      const perPage = Math.min(req.page?.perPage || DEFAULT_PER_PAGE, MAX_PER_PAGE)
      return {
        protectedBranches: rules.slice((page - 1) * perPage, page * perPage).map(toMessage),
        pageInfo: { total: rules.length },
      }
    }),
    getProtectedBranch: server.unary('GetProtectedBranch', async (req) => ({
      protectedBranch: toMessage(
        await getProtectedBranch(deps, toCaller(req.caller), req.projectId, req.name),
      ),
    })),
    createProtectedBranch: server.unary('CreateProtectedBranch', async (req) => ({
      protectedBranch: toMessage(
        await createProtectedBranch(
          deps,
          toCaller(req.caller),
          req.projectId,
          req.name,
          toInput(req.input),
        ),
      ),
    })),
    updateProtectedBranch: server.unary('UpdateProtectedBranch', async (req) => ({
      protectedBranch: toMessage(
        await updateProtectedBranch(
          deps,
          toCaller(req.caller),
          req.projectId,
          req.name,
          toInput(req.input),
        ),
      ),
    })),
    deleteProtectedBranch: server.unary('DeleteProtectedBranch', async (req) => {
      await deleteProtectedBranch(deps, toCaller(req.caller), req.projectId, req.name)
      return {}
    }),
  }
}
