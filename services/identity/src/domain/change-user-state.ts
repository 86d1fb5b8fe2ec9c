import { NotFoundError } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { Stores } from './ports.js'
import { requireAdmin } from './policy.js'
import { dropsPipelines, planStateChange, type UserStateEvent } from './user-state-transitions.js'

/** A concurrent change moved the user first: plan again from the state it left. */
const ATTEMPTS = 3

/**
 * POST /users/:id/{block,unblock,deactivate,activate,ban,unban}: admins only
 * (authenticated_as_admin! comes before the 404). The state moves only from
 * the state the rules were applied to; the users row's change event makes
 * every gateway forget the user's cached tokens at once. A block announces
 * itself, with the move, to the CI service, which drops the user's pipelines.
 */
export async function changeUserState(
  stores: Stores,
  caller: Caller,
  id: number,
  event: UserStateEvent,
  now = new Date(),
): Promise<boolean | null> {
  requireAdmin(caller)
  for (let attempt = 1; ; attempt++) {
    const user = await stores.users.findById(id)
    if (!user) throw new NotFoundError('User')
    const change = planStateChange(event, user, caller.userId, now)
    if ('answer' in change) return change.answer
    const blocked = dropsPipelines(change.to)
      ? { userId: id, blockedAtMs: now.getTime(), blockedByUserId: caller.userId ?? 0 }
      : undefined
    if (await stores.users.moveState(id, user.state, change.to, blocked)) return true
    if (attempt >= ATTEMPTS) return false
  }
}
