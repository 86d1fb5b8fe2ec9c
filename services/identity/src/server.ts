import {
  GroupServiceService,
  MemberRoleServiceService,
  MemberServiceService,
  SamlIdentityServiceService,
  TokenServiceService,
  UserServiceService,
} from '@suite/proto'
import { startOutboxRelay, type GrpcServer, type ServiceDeps } from '@suite/runtime'
import { groupService } from './rpc/group.rpc.js'
import { memberRoleService } from './rpc/member-role.rpc.js'
import { memberService } from './rpc/member.rpc.js'
import { samlIdentityService } from './rpc/saml-identity.rpc.js'
import { tokenService } from './rpc/token.rpc.js'
import { userService } from './rpc/user.rpc.js'
import type { DB } from './store/schema.js'
import { createStores } from './store/stores.js'

/**
 * Registers identity's gRPC services (health and metrics come with
 * GrpcServer) and starts the relay that queues the outbox's activity events;
 * returns what stops the relay.
 */
export function registerServer(server: GrpcServer, deps: ServiceDeps<DB>): () => Promise<void> {
  const stores = createStores(deps.db)
  const relay = startOutboxRelay({
    stores,
    logger: deps.logger,
    redis: deps.redis,
    lag: { registry: deps.registry, db: deps.db, table: 'event_outbox' },
  })
  server.add(UserServiceService, userService(server, stores), 'gitlab.identity.v1.UserService')
  server.add(TokenServiceService, tokenService(server, stores), 'gitlab.identity.v1.TokenService')
  server.add(GroupServiceService, groupService(server, stores), 'gitlab.identity.v1.GroupService')
  server.add(
    MemberServiceService,
    memberService(server, stores, relay.wake),
    'gitlab.identity.v1.MemberService',
  )
  server.add(
    MemberRoleServiceService,
    memberRoleService(server, stores, deps.logger),
    'gitlab.identity.v1.MemberRoleService',
  )
  server.add(
    SamlIdentityServiceService,
    samlIdentityService(server, stores, deps.logger),
    'gitlab.identity.v1.SamlIdentityService',
  )
  return relay.stop
}
