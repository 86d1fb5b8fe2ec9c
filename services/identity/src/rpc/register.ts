import { addProtoServices } from '@suite/runtime'
import { IDENTITY_V1_SERVICES } from '@suite/proto'
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
  addProtoServices(server, IDENTITY_V1_SERVICES, {
    UserService: userService(server, stores),
    TokenService: tokenService(server, stores),
    GroupService: groupService(server, stores),
    MemberService: memberService(server, stores, deps.wakeRelay),
    MemberRoleService: memberRoleService(server, stores, logger),
    SamlIdentityService: samlIdentityService(server, stores, logger),
  })
  return close
}
