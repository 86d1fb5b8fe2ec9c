import type {
  GroupServiceClient,
  MemberRoleServiceClient,
  MemberServiceClient,
  SamlIdentityServiceClient,
  TokenServiceClient,
  UserServiceClient,
} from '@suite/proto'
import type { PromiseClient } from '@suite/runtime'
import type { IdentityClients, ReadWrite } from '../clients/identity.client.js'

export interface FakeIdentityHandlers {
  users?: Partial<PromiseClient<UserServiceClient>>
  tokens?: Partial<PromiseClient<TokenServiceClient>>
  groups?: Partial<PromiseClient<GroupServiceClient>>
  members?: Partial<PromiseClient<MemberServiceClient>>
  memberRoles?: Partial<PromiseClient<MemberRoleServiceClient>>
  samlIdentities?: Partial<PromiseClient<SamlIdentityServiceClient>>
}

/** A method the test did not provide fails loudly instead of answering undefined. */
function fake<C>(service: string, handlers: Partial<PromiseClient<C>> = {}): ReadWrite<C> {
  const client = new Proxy(handlers, {
    get: (target, method) =>
      (Reflect.get(target, method) as unknown) ??
      (() => Promise.reject(new Error(`unexpected call ${service}.${String(method)}`))),
  }) as unknown as PromiseClient<C>
  return { read: client, write: client }
}

/** Identity clients answering from plain functions, for tests without a network. */
export function fakeIdentity(handlers: FakeIdentityHandlers = {}): IdentityClients {
  return {
    users: fake<UserServiceClient>('users', handlers.users),
    tokens: fake<TokenServiceClient>('tokens', handlers.tokens),
    groups: fake<GroupServiceClient>('groups', handlers.groups),
    members: fake<MemberServiceClient>('members', handlers.members),
    memberRoles: fake<MemberRoleServiceClient>('memberRoles', handlers.memberRoles),
    samlIdentities: fake<SamlIdentityServiceClient>('samlIdentities', handlers.samlIdentities),
    close: () => {},
  }
}
