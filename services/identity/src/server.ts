import {
  GroupServiceService,
  MemberServiceService,
  TokenServiceService,
  UserServiceService,
} from '@suite/proto'
import { startOutboxRelay, type GrpcServer, type ServiceDeps } from '@suite/runtime'
import { groupService } from './rpc/group.rpc.js'
import { memberService } from './rpc/member.rpc.js'
import { tokenService } from './rpc/token.rpc.js'
import { userService } from './rpc/user.rpc.js'
import type { DB } from './store/schema.js'
import { createStores } from './store/stores.js'

/**
 * Registers identity's four gRPC services (health and metrics come with
 * GrpcServer) and starts the relay that queues the outbox's activity events;
 * returns what stops the relay.
 */
export function registerServer(server: GrpcServer, deps: ServiceDeps<DB>): () => Promise<void> {
  const stores = createStores(deps.db)
  const relay = startOutboxRelay({ stores, logger: deps.logger, redis: deps.redis })
  server.add(UserServiceService, userService(server, stores), 'gitlab.identity.v1.UserService')
  server.add(TokenServiceService, tokenService(server, stores), 'gitlab.identity.v1.TokenService')
  server.add(GroupServiceService, groupService(server, stores), 'gitlab.identity.v1.GroupService')
  server.add(
    MemberServiceService,
    memberService(server, stores, relay.wake),
    'gitlab.identity.v1.MemberService',
  )
  return relay.stop
}
