import { addProtoServices } from '@suite/runtime'
import { IDENTITY_V1_SERVICES } from '@suite/proto'
import type { GrpcServer, ServiceDeps } from '@suite/runtime'
import { identityDeps } from '../deps.js'
import { GroupDeletionsStore } from '../store/group-deletions.store.js'
import { UserDeletionsStore } from '../store/user-deletions.store.js'
import type { Database } from '../store/schema.js'
import { groupDeletionService } from './group-deletion.rpc.js'
import { groupLinkService } from './group-link.rpc.js'
import { groupService } from './group.rpc.js'
import { groupUpdateService } from './group-update.rpc.js'
import { impersonationTokenService } from './impersonation-token.rpc.js'
import { memberRoleService } from './member-role.rpc.js'
import { memberService } from './member.rpc.js'
import { membershipCleanupService } from './membership-cleanup.rpc.js'
import { samlIdentityService } from './saml-identity.rpc.js'
import { tokenService } from './token.rpc.js'
import { userAccessService } from './user-access.rpc.js'
import { userMembershipService } from './user-membership.rpc.js'
import { userStatusService } from './user-status.rpc.js'
import { userDeletionService } from './user-deletion.rpc.js'
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
    UserService: userService(server, stores, deps.projects),
    TokenService: tokenService(server, stores),
    GroupService: groupService(server, stores, deps.projects),
    GroupUpdateService: groupUpdateService(server, stores, deps.projects),
    GroupLinkService: groupLinkService(server, stores),
    MemberService: memberService(server, stores, deps.wakeRelay),
    MemberRoleService: memberRoleService(server, stores, logger),
    SamlIdentityService: samlIdentityService(server, stores, logger),
    UserAccessService: userAccessService(server, stores),
    UserMembershipService: userMembershipService(server, stores),
    ImpersonationTokenService: impersonationTokenService(server, stores),
    UserStatusService: userStatusService(server, stores),
    MembershipCleanupService: membershipCleanupService(server, service.db),
    GroupDeletionService: groupDeletionService(
      server,
      stores,
      new GroupDeletionsStore(service.db),
      deps.wakeGroupDeletions,
    ),
    UserDeletionService: userDeletionService(
      server,
      new UserDeletionsStore(service.db),
      deps.wakeGroupDeletions,
    ),
  })
  return close
}
