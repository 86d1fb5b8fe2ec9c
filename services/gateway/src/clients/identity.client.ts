import { IDENTITY_V1_SERVICES } from '@suite/proto'
import type { Registry } from '@suite/runtime'
import { createServiceClients, withNames } from './service-clients.js'

export type { ReadWrite } from './service-clients.js'

/** The names the routes use beside the generated service names. */
const NAMES = {
  users: 'UserService',
  tokens: 'TokenService',
  groups: 'GroupService',
  members: 'MemberService',
  memberRoles: 'MemberRoleService',
  samlIdentities: 'SamlIdentityService',
  userAccess: 'UserAccessService',
  userMemberships: 'UserMembershipService',
  impersonationTokens: 'ImpersonationTokenService',
  userStatuses: 'UserStatusService',
  groupDeletions: 'GroupDeletionService',
  userDeletions: 'UserDeletionService',
} as const

/** Every service of gitlab.identity.v1 (IDENTITY_ADDR), by service name and by its route name. */
export type IdentityClients = ReturnType<
  typeof withNames<typeof IDENTITY_V1_SERVICES, typeof NAMES>
> & { close: () => void }

/** Builds the identity service's clients once, at start (reads retried, writes not). */
export function createIdentityClients(
  address: string,
  registry: Registry,
  internalSecret: string,
): IdentityClients {
  const { clients, close } = createServiceClients(IDENTITY_V1_SERVICES, {
    address,
    registry,
    internalSecret,
  })
  return Object.assign(withNames(clients, NAMES), { close })
}
