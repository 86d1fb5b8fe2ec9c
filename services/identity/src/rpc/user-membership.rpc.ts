import {
  SourceType,
  type ListMembershipsOfUserRequest,
  type ListMembershipsOfUserResponse,
  type UserMembershipServiceServer,
} from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { listMembershipsOfUser } from '../domain/list-memberships-of-user.js'
import type { Stores } from '../domain/ports.js'
import { toCaller, toPage } from './from-proto.js'
import { toSourceType } from './to-proto.js'

function fromSourceType(type: SourceType): 'Namespace' | 'Project' | undefined {
  if (type === SourceType.SOURCE_TYPE_GROUP) return 'Namespace'
  if (type === SourceType.SOURCE_TYPE_PROJECT) return 'Project'
  return undefined
}

/** gitlab.identity.v1.UserMembershipService */
export function userMembershipService(
  server: GrpcServer,
  stores: Stores,
): UserMembershipServiceServer {
  return {
    listMembershipsOfUser: server.unary(
      'ListMembershipsOfUser',
      async (req: ListMembershipsOfUserRequest): Promise<ListMembershipsOfUserResponse> => {
        const { memberships, total } = await listMembershipsOfUser(
          stores,
          toCaller(req.caller),
          req.userId,
          fromSourceType(req.sourceType),
          toPage(req.page),
        )
        return {
          memberships: memberships.map((membership) => ({
            sourceType: toSourceType(membership.sourceType),
            sourceId: membership.sourceId,
            accessLevel: membership.accessLevel,
            groupName: membership.groupName ?? undefined,
          })),
          pageInfo: { total },
        }
      },
    ),
  }
}
