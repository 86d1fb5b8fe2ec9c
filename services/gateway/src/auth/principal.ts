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

/** The caller's abilities in what `:id` named, as the owning service answered them. */
export type ResolvedAbilities = Pick<Caller, 'project' | 'group'>

/** The principal as services see it, with its abilities in the project or group of `:id` if any. */
export function callerOf(principal: Principal, resolved: ResolvedAbilities = {}): Caller {
  return {
    userId: principal.user?.id,
    admin: isAdmin(principal),
    scopes: principal.token?.scopes ?? [],
    project: resolved.project,
    group: resolved.group,
  }
}
