import type { Caller, PersonalAccessToken, User } from '@suite/proto'

/** Who is asking, as the gateway authenticated them. */
export interface Principal {
  /** The acting user (the sudo target under sudo); undefined when anonymous. */
  user: User | undefined
  /** The personal access token the request carried. */
  token: PersonalAccessToken | undefined
  /** Whether an admin acts as `user` through sudo. */
  sudo: boolean
}

export const ANONYMOUS: Principal = Object.freeze({
  user: undefined,
  token: undefined,
  sudo: false,
})

export function isAdmin(principal: Principal): boolean {
  return principal.user?.admin ?? false
}

/** The principal as services see it, with the access level resolved for `:id` if any. */
export function callerOf(principal: Principal, accessLevel = 0): Caller {
  return {
    userId: principal.user?.id,
    admin: isAdmin(principal),
    scopes: principal.token?.scopes ?? [],
    accessLevel,
  }
}
