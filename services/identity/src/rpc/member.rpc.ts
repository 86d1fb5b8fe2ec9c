import type {
  AddMemberRequest,
  AddMemberResponse,
  GetAccessLevelRequest,
  GetAccessLevelResponse,
  GetMemberRequest,
  GetMemberResponse,
  ListUserMembershipsRequest,
  ListUserMembershipsResponse,
  ListMembersRequest,
  ListMembersResponse,
  MemberServiceServer,
  RemoveMemberRequest,
  RemoveMemberResponse,
  UpdateMemberRequest,
  UpdateMemberResponse,
} from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { addMember } from '../domain/add-member.js'
import { removeMember, updateMember } from '../domain/change-member.js'
import { getAccessLevel } from '../domain/get-access-level.js'
import { getMember, listMembers } from '../domain/list-members.js'
import { listUserMemberships } from '../domain/list-user-memberships.js'
import { rolesHeld } from '../domain/member-roles.js'
import type { Stores } from '../domain/ports.js'
import { presentString, toCaller, toPage, toSourceRef } from './from-proto.js'
import { toMemberMessage, toUserMembershipMessage } from './to-proto.js'

/** gitlab.identity.v1.MemberService */
export function memberService(
  server: GrpcServer,
  stores: Stores,
  /** Called after a change that may have written an activity event to the outbox. */
  onActivityRecorded: () => void = () => {},
): MemberServiceServer {
  return {
    listMembers: server.unary(
      'ListMembers',
      async (req: ListMembersRequest): Promise<ListMembersResponse> => {
        const { members, users, total } = await listMembers(stores, toCaller(req.caller), {
          source: toSourceRef(req.source),
          inherited: req.inherited,
          query: presentString(req.query),
          userIds: req.userIds,
          page: toPage(req.page),
        })
        const roles = await rolesHeld(stores, members)
        return {
          members: members.flatMap((member) => {
            const user = users.get(member.userId)
            return user ? [toMemberMessage(member, user, roles)] : []
          }),
          pageInfo: { total },
        }
      },
    ),

    getMember: server.unary(
      'GetMember',
      async (req: GetMemberRequest): Promise<GetMemberResponse> => {
        const { member, user } = await getMember(stores, toCaller(req.caller), {
          source: toSourceRef(req.source),
          userId: req.userId,
          inherited: req.inherited,
        })
        return { member: toMemberMessage(member, user, await rolesHeld(stores, [member])) }
      },
    ),

    addMember: server.unary(
      'AddMember',
      async (req: AddMemberRequest): Promise<AddMemberResponse> => {
        const { member, user } = await addMember(stores, toCaller(req.caller), {
          source: toSourceRef(req.source),
          userId: req.userId,
          accessLevel: req.accessLevel,
          expiresAt: presentString(req.expiresAt),
          memberRoleId: req.memberRoleId,
        })
        onActivityRecorded()
        return { member: toMemberMessage(member, user, await rolesHeld(stores, [member])) }
      },
    ),

    updateMember: server.unary(
      'UpdateMember',
      async (req: UpdateMemberRequest): Promise<UpdateMemberResponse> => {
        const { member, user } = await updateMember(stores, toCaller(req.caller), {
          source: toSourceRef(req.source),
          userId: req.userId,
          accessLevel: req.accessLevel,
          expiresAt: req.expiresAt,
          memberRoleId: req.memberRoleId,
        })
        return { member: toMemberMessage(member, user, await rolesHeld(stores, [member])) }
      },
    ),

    removeMember: server.unary(
      'RemoveMember',
      async (req: RemoveMemberRequest): Promise<RemoveMemberResponse> => {
        await removeMember(stores, toCaller(req.caller), {
          source: toSourceRef(req.source),
          userId: req.userId,
        })
        onActivityRecorded()
        return {}
      },
    ),

    getAccessLevel: server.unary(
      'GetAccessLevel',
      async (req: GetAccessLevelRequest): Promise<GetAccessLevelResponse> => ({
        accessLevel: await getAccessLevel(stores, req.userId, toSourceRef(req.source)),
      }),
    ),

    listUserMemberships: server.unary(
      'ListUserMemberships',
      async (req: ListUserMembershipsRequest): Promise<ListUserMembershipsResponse> => ({
        memberships: (await listUserMemberships(stores, req.userId)).map(toUserMembershipMessage),
      }),
    ),
  }
}
