import type { GroupUpdateServiceServer, UpdateGroupRequest } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import type { ProjectsPort, Stores } from '../domain/ports.js'
import { transferGroup } from '../domain/transfer-group.js'
import { updateGroup, type UpdateGroupInput } from '../domain/update-group.js'
import { presentString, toCaller } from './from-proto.js'
import { toGroupMessage } from './to-proto.js'

/** The request's parameters; those the client left out stay undefined (unchanged). */
function updateGroupInput(req: UpdateGroupRequest): UpdateGroupInput {
  const settings = {
    shareWithGroupLock: req.shareWithGroupLock,
    requireTwoFactorAuthentication: req.requireTwoFactorAuthentication,
    twoFactorGracePeriod: req.twoFactorGracePeriod,
    projectCreationLevel: presentString(req.projectCreationLevel),
    subgroupCreationLevel: presentString(req.subgroupCreationLevel),
    lfsEnabled: req.lfsEnabled,
    requestAccessEnabled: req.requestAccessEnabled,
    emailsEnabled: req.emailsEnabled,
    mentionsDisabled: req.mentionsDisabled,
    defaultBranch: presentString(req.defaultBranch),
    defaultBranchProtection: req.defaultBranchProtection,
    autoDevopsEnabled: req.autoDevopsEnabled,
  }
  return {
    name: req.name,
    path: req.path,
    description: req.description,
    visibility: presentString(req.visibility),
    settings: Object.fromEntries(
      Object.entries(settings).filter(([, value]) => value !== undefined),
    ),
  }
}

/** gitlab.identity.v1.GroupUpdateService */
export function groupUpdateService(
  server: GrpcServer,
  stores: Stores,
  projects: ProjectsPort,
): GroupUpdateServiceServer {
  return {
    updateGroup: server.unary('UpdateGroup', async (req: UpdateGroupRequest) => {
      const { group, abilities } = await updateGroup(
        stores,
        projects,
        toCaller(req.caller),
        req.groupId,
        updateGroupInput(req),
      )
      return { group: toGroupMessage(group, abilities) }
    }),
    transferGroup: server.unary('TransferGroup', async (req) => {
      const { group, abilities } = await transferGroup(
        stores,
        projects,
        toCaller(req.caller),
        req.groupId,
        req.newParentId,
      )
      return { group: toGroupMessage(group, abilities) }
    }),
  }
}
