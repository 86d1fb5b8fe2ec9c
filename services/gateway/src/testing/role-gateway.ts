import { status } from '@grpc/grpc-js'
import type { GroupAbilities } from '@suite/proto'
import { groupAbilitiesFixture } from './abilities-fixture.js'
import { fakeIdentity, type FakeIdentityHandlers } from './fake-identity.js'
import { groupFixture, rootFixture, tokenFixture, userFixture } from './fixtures.js'
import { grpcError } from './grpc-error.js'
import { startGateway, type TestGateway } from './test-server.js'

/** Token `root` signs in the administrator, `alice` user 2. */
export const ROOT = { 'PRIVATE-TOKEN': 'root' }

export interface RoleGatewaySetup {
  /** The caller's abilities in group 10 (an Owner's unless overridden). */
  group?: Partial<GroupAbilities>
  /** Group 10 is one the caller may not read: GetGroup answers NOT_FOUND. */
  unreadable?: boolean
  identity?: Omit<FakeIdentityHandlers, 'tokens' | 'groups'>
}

/** The gateway over fake identity clients with an admin and a user, for identity-owned routes. */
export async function startRoleGateway(
  setup: RoleGatewaySetup = {},
): Promise<TestGateway & { api: string }> {
  const identity = fakeIdentity({
    users: { batchGetUsers: () => Promise.resolve({ users: [] }) },
    ...setup.identity,
    tokens: {
      authenticateToken: ({ token }) => {
        if (token === 'root') return Promise.resolve({ user: rootFixture(), token: tokenFixture() })
        if (token === 'alice')
          return Promise.resolve({ user: userFixture(), token: tokenFixture() })
        return Promise.reject(grpcError(status.UNAUTHENTICATED))
      },
    },
    groups: {
      getGroup: () =>
        setup.unreadable
          ? Promise.reject(grpcError(status.NOT_FOUND, { resource: 'Group' }))
          : Promise.resolve({
              group: groupFixture({ abilities: groupAbilitiesFixture(setup.group) }),
            }),
    },
  })
  const started = await startGateway(identity)
  return { ...started, api: `${started.url}/api/v4` }
}
