import {
  GroupServiceService,
  MemberRoleServiceService,
  MemberServiceService,
  SamlIdentityServiceService,
  TokenServiceService,
  UserServiceService,
} from '@suite/proto'
import type { GrpcServer, ServiceDeps } from '@suite/runtime'
import { identityDeps } from '../deps.js'
import type { Database } from '../store/schema.js'
import { groupService } from './group.rpc.js'
import { memberRoleService } from './member-role.rpc.js'
import { memberService } from './member.rpc.js'
import { samlIdentityService } from './saml-identity.rpc.js'
import { tokenService } from './token.rpc.js'
import { userService } from './user.rpc.js'

/**
 * Registers identity's gRPC services (health and metrics come with
 * GrpcServer); returns what stops the outbox relay their writes wake.
 */
export function registerServices(
  server: GrpcServer,
  service: ServiceDeps<Database>,
): () => Promise<void> {
  const { deps, close } = identityDeps(service)
  const { stores, logger } = deps
  server.add(UserServiceService, userService(server, stores), 'gitlab.identity.v1.UserService')
  server.add(TokenServiceService, tokenService(server, stores), 'gitlab.identity.v1.TokenService')
  server.add(GroupServiceService, groupService(server, stores), 'gitlab.identity.v1.GroupService')
  server.add(
    MemberServiceService,
    memberService(server, stores, deps.wakeRelay),
    'gitlab.identity.v1.MemberService',
  )
  server.add(
    MemberRoleServiceService,
    memberRoleService(server, stores, logger),
    'gitlab.identity.v1.MemberRoleService',
  )
  server.add(
    SamlIdentityServiceService,
    samlIdentityService(server, stores, logger),
    'gitlab.identity.v1.SamlIdentityService',
  )
  return close
}
