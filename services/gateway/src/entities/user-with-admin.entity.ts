import type { User } from '@suite/proto'
import type { PresentContext } from './present-context.js'
import { presentUserBasic, type UserBasicJson } from './user-basic.entity.js'
import { presentUserPublic, type UserPublicJson } from './user-public.entity.js'

/** API::Entities::UserWithAdmin: a user as an admin sees them. */
export interface UserWithAdminJson extends UserPublicJson {
  is_admin: boolean
  note: string
  namespace_id: number
  created_by: UserBasicJson | null
  email_reset_offered_at: string | null
}

/** The creator, when the route loaded it into ctx.users. */
function creator(user: User, ctx: PresentContext): UserBasicJson | null {
  const found = user.createdById === undefined ? undefined : ctx.users.get(user.createdById)
  return found ? presentUserBasic(found, ctx) : null
}

export function presentUserWithAdmin(user: User, ctx: PresentContext): UserWithAdminJson {
  return {
    ...presentUserPublic(user, ctx),
    is_admin: user.admin,
    note: user.note,
    namespace_id: user.namespaceId,
    created_by: creator(user, ctx),
    email_reset_offered_at: null,
  }
}

/** Ids of the users presentUserWithAdmin refers to, for the route's batch load. */
export function userWithAdminRelatedIds(user: User): number[] {
  return user.createdById === undefined ? [] : [user.createdById]
}
