import type { Client } from '@grpc/grpc-js'
import {
  GroupServiceClient,
  MemberRoleServiceClient,
  MemberServiceClient,
  SamlIdentityServiceClient,
  TokenServiceClient,
  UserServiceClient,
} from '@suite/proto'
import { createClient, type PromiseClient, type Registry } from '@suite/runtime'

/**
 * A service's promise client twice: reads are retried on UNAVAILABLE, writes
 * never (a retried write could be applied twice). grpc-js shares the
 * connection between the two.
 */
export interface ReadWrite<C> {
  read: PromiseClient<C>
  write: PromiseClient<C>
}

export interface IdentityClients {
  users: ReadWrite<UserServiceClient>
  tokens: ReadWrite<TokenServiceClient>
  groups: ReadWrite<GroupServiceClient>
  members: ReadWrite<MemberServiceClient>
  memberRoles: ReadWrite<MemberRoleServiceClient>
  samlIdentities: ReadWrite<SamlIdentityServiceClient>
  close: () => void
}

const READ_RETRIES = 2

/** Builds the identity service's clients once, at start. */
export function createIdentityClients(
  address: string,
  registry: Registry,
  internalSecret: string,
): IdentityClients {
  const raws: Client[] = []
  function both<C extends Client>(Ctor: Parameters<typeof createClient<C>>[0]): ReadWrite<C> {
    const read = createClient(Ctor, { address, registry, internalSecret, retries: READ_RETRIES })
    const write = createClient(Ctor, { address, registry, internalSecret })
    raws.push(read.raw, write.raw)
    return { read: read.rpc, write: write.rpc }
  }
  return {
    users: both(UserServiceClient),
    tokens: both(TokenServiceClient),
    groups: both(GroupServiceClient),
    members: both(MemberServiceClient),
    memberRoles: both(MemberRoleServiceClient),
    samlIdentities: both(SamlIdentityServiceClient),
    close: () => raws.forEach((raw) => raw.close()),
  }
}
