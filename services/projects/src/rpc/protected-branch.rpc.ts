import {
  ProtectedBranchServiceService,
  type ProtectedBranch as ProtectedBranchMessage,
  type ProtectedBranchInput as ProtectedBranchInputMessage,
  type ProtectedBranchServiceServer,
} from '@suite/proto'
import type { GrpcServer, ServiceDeps } from '@suite/runtime'
import { createIdentityPort } from '../clients/identity.js'
import { loadProjectsConfig } from '../config.js'
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
import { ProjectsStore } from '../store/projects.store.js'
import { ProtectedBranchesStore } from '../store/protected-branches.store.js'
import type { Database } from '../store/schema.js'
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

/** Registers ProtectedBranchService on the server role. */
export function registerProtectedBranchService(
  server: GrpcServer,
  deps: ServiceDeps<Database>,
): void {
  const config = loadProjectsConfig()
  server.add(
    ProtectedBranchServiceService,
    protectedBranchService(server, {
      store: new ProtectedBranchesStore(deps.db),
      projects: new ProjectsStore(deps.db),
      identity: createIdentityPort(
        config.identityAddress,
        deps.registry,
        deps.config.INTERNAL_API_SECRET,
      ),
    }),
    'gitlab.projects.v1.ProtectedBranchService',
  )
}
