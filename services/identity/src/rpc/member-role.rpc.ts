import type {
  CreateMemberRoleRequest,
  CreateMemberRoleResponse,
  DeleteMemberRoleRequest,
  DeleteMemberRoleResponse,
  ListMemberRolesRequest,
  ListMemberRolesResponse,
  MemberRoleServiceServer,
  UpdateMemberRoleRequest,
  UpdateMemberRoleResponse,
} from '@suite/proto'
import type { GrpcServer, Logger } from '@suite/runtime'
import type { Caller } from '../domain/caller.js'
import {
  createMemberRole,
  deleteMemberRole,
  listMemberRoles,
  updateMemberRole,
} from '../domain/manage-member-roles.js'
import type { MemberRole } from '../domain/member-role.js'
import type { Stores } from '../domain/ports.js'
import { toCaller } from './from-proto.js'
import { toMemberRoleMessage } from './to-proto.js'

/** The audit line of a role change (GitLab's member_role_* audit events), in the structured log. */
function logRoleChange(
  logger: Logger,
  caller: Caller,
  action: 'created' | 'updated' | 'deleted',
  role: MemberRole,
): void {
  logger.info(
    {
      audit: `member_role_${action}`,
      actorId: caller.userId,
      memberRoleId: role.id,
      memberRoleName: role.name,
      groupId: role.namespaceId,
      permissions: role.permissions,
    },
    `Member role ${role.name} was ${action}`,
  )
}

/** gitlab.identity.v1.MemberRoleService */
export function memberRoleService(
  server: GrpcServer,
  stores: Stores,
  logger: Logger,
): MemberRoleServiceServer {
  return {
    listMemberRoles: server.unary(
      'ListMemberRoles',
      async (req: ListMemberRolesRequest): Promise<ListMemberRolesResponse> => {
        const roles = await listMemberRoles(stores, toCaller(req.caller), { groupId: req.groupId })
        return { memberRoles: roles.map(toMemberRoleMessage) }
      },
    ),

    createMemberRole: server.unary(
      'CreateMemberRole',
      async (req: CreateMemberRoleRequest): Promise<CreateMemberRoleResponse> => {
        const caller = toCaller(req.caller)
        const role = await createMemberRole(stores, caller, {
          groupId: req.groupId,
          name: req.name,
          description: req.description,
          baseAccessLevel: req.baseAccessLevel,
          permissions: req.permissions,
        })
        logRoleChange(logger, caller, 'created', role)
        return { memberRole: toMemberRoleMessage(role) }
      },
    ),

    updateMemberRole: server.unary(
      'UpdateMemberRole',
      async (req: UpdateMemberRoleRequest): Promise<UpdateMemberRoleResponse> => {
        const caller = toCaller(req.caller)
        const role = await updateMemberRole(stores, caller, {
          groupId: req.groupId,
          id: req.id,
          name: req.name,
          description: req.description,
          permissions: req.permissionsGiven ? req.permissions : undefined,
        })
        logRoleChange(logger, caller, 'updated', role)
        return { memberRole: toMemberRoleMessage(role) }
      },
    ),

    deleteMemberRole: server.unary(
      'DeleteMemberRole',
      async (req: DeleteMemberRoleRequest): Promise<DeleteMemberRoleResponse> => {
        const caller = toCaller(req.caller)
        const role = await deleteMemberRole(stores, caller, { groupId: req.groupId, id: req.id })
        logRoleChange(logger, caller, 'deleted', role)
        return {}
      },
    ),
  }
}
