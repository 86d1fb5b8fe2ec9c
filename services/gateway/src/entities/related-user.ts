import type { PresentContext } from './present-context.js'
import { presentUserBasic, type UserBasicJson } from './user-basic.entity.js'

/** A user the message names by id, as UserBasic; null without an id or when it was not loaded. */
export function presentRelatedUser(
  id: number | undefined,
  ctx: PresentContext,
): UserBasicJson | null {
  const user = id === undefined ? undefined : ctx.users.get(id)
  return user ? presentUserBasic(user, ctx) : null
}

/** Several users by id, in the given order, leaving out those not loaded. */
export function presentRelatedUsers(ids: readonly number[], ctx: PresentContext): UserBasicJson[] {
  return ids.flatMap((id) => presentRelatedUser(id, ctx) ?? [])
}
