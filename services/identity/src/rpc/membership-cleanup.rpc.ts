import type {
  DeleteProjectMembersRequest,
  DeleteProjectMembersResponse,
  MembershipCleanupServiceServer,
  PurgeDeletedGroupRequest,
  PurgeDeletedGroupResponse,
  PurgeDeletedUserRequest,
  PurgeDeletedUserResponse,
} from '@suite/proto'
import { ForbiddenError, InvalidError, type GrpcServer } from '@suite/runtime'
import type { Kysely } from 'kysely'
import type { Database } from '../store/schema.js'
import { GroupDeletionsStore } from '../store/group-deletions.store.js'
import { deleteProjectMembers } from '../store/membership-cleanup.store.js'
import { UserDeletionsStore } from '../store/user-deletions.store.js'

const MAX_LIMIT = 1_000

/**
 * gitlab.identity.v1.MembershipCleanupService: the projects service's
 * deletion jobs remove a deleted project's memberships, a batch per call,
 * a deleted group's memberships and namespaces once its projects are
 * marked, and a deleted user's rows once the projects service is done.
 * Only the suite's own processes call it (`system`); anyone else is
 * PERMISSION_DENIED.
 */
export function membershipCleanupService(
  server: GrpcServer,
  db: Kysely<Database>,
): MembershipCleanupServiceServer {
  const groups = new GroupDeletionsStore(db)
  const users = new UserDeletionsStore(db)
  return {
    deleteProjectMembers: server.unary(
      'DeleteProjectMembers',
      async (req: DeleteProjectMembersRequest): Promise<DeleteProjectMembersResponse> => {
        if (req.caller?.system !== true) throw new ForbiddenError('403 Forbidden')
        if (req.projectId <= 0) throw new InvalidError({}, 'project_id is invalid')
        const limit = Math.min(Math.max(req.limit, 1), MAX_LIMIT)
        return { deleted: await deleteProjectMembers(db, req.projectId, limit) }
      },
    ),
    purgeDeletedGroup: server.unary(
      'PurgeDeletedGroup',
      async (req: PurgeDeletedGroupRequest): Promise<PurgeDeletedGroupResponse> => {
        if (req.caller?.system !== true) throw new ForbiddenError('403 Forbidden')
        if (req.groupId <= 0) throw new InvalidError({}, 'group_id is invalid')
        return { deleted: await groups.purge(req.groupId) }
      },
    ),
    purgeDeletedUser: server.unary(
      'PurgeDeletedUser',
      async (req: PurgeDeletedUserRequest): Promise<PurgeDeletedUserResponse> => {
        if (req.caller?.system !== true) throw new ForbiddenError('403 Forbidden')
        if (req.userId <= 0) throw new InvalidError({}, 'user_id is invalid')
        return { deleted: await users.purge(req.userId) }
      },
    ),
  }
}
