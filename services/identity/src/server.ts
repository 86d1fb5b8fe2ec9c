import {
  GroupServiceService,
  MemberServiceService,
  TokenServiceService,
  UserServiceService,
} from '@suite/proto'
import type { GrpcServer, ServiceDeps } from '@suite/runtime'
import { groupService } from './rpc/group.rpc.js'
import { memberActivityPublisher } from './rpc/member-activity.js'
import { memberService } from './rpc/member.rpc.js'
import { tokenService } from './rpc/token.rpc.js'
import { userService } from './rpc/user.rpc.js'
import type { DB } from './store/schema.js'
import { createStores } from './store/stores.js'

/** Registers identity's four gRPC services (health and metrics come with GrpcServer). */
export function registerServer(server: GrpcServer, deps: ServiceDeps<DB>): void {
  const stores = createStores(deps.db)
  server.add(UserServiceService, userService(server, stores), 'gitlab.identity.v1.UserService')
  server.add(TokenServiceService, tokenService(server, stores), 'gitlab.identity.v1.TokenService')
  server.add(GroupServiceService, groupService(server, stores), 'gitlab.identity.v1.GroupService')
  server.add(
    MemberServiceService,
    memberService(server, stores, memberActivityPublisher(deps)),
    'gitlab.identity.v1.MemberService',
  )
}
