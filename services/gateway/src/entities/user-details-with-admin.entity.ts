import type { User } from '@suite/proto'
import type { PresentContext } from './present-context.js'
import { presentUserWithAdmin, type UserWithAdminJson } from './user-with-admin.entity.js'

/** API::Entities::UserDetailsWithAdmin: GET /users/:id as an admin. */
export interface UserDetailsWithAdminJson extends UserWithAdminJson {
  highest_role: number
  current_sign_in_ip: string | null
  last_sign_in_ip: string | null
  sign_in_count: number
}

export function presentUserDetailsWithAdmin(
  user: User,
  ctx: PresentContext,
): UserDetailsWithAdminJson {
  return {
    ...presentUserWithAdmin(user, ctx),
    // The identity contract does not report a user's highest membership level yet.
    highest_role: 0,
    // Users sign in only with tokens here: no web sessions are recorded.
    current_sign_in_ip: null,
    last_sign_in_ip: null,
    sign_in_count: 0,
  }
}
