import { NotFoundError } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { Stores } from './ports.js'
import { requireSignedIn } from './policy.js'
import { planStatus, type StatusInput, type UserStatus } from './user-status.js'

/** GET /user/status and GET /users/:user_id/status (an id or a username). */
export async function getUserStatus(
  stores: Pick<Stores, 'users' | 'userStatuses'>,
  user: string,
  now = new Date(),
): Promise<UserStatus | undefined> {
  const found = /^\d{1,18}$/.test(user)
    ? await stores.users.findById(Number(user))
    : await stores.users.findByUsername(user)
  if (!found) throw new NotFoundError('User')
  return stores.userStatuses.find(found.id, now)
}

/** Whether a PATCH names none of the fields: GitLab answers 200 and changes nothing. */
function emptyPatch(input: StatusInput): boolean {
  return (
    input.keepUnspecified === true &&
    input.emoji === undefined &&
    input.message === undefined &&
    input.availability === undefined &&
    input.clearStatusAfter === undefined
  )
}

/**
 * PUT /user/status: the caller's own status, replaced (or removed); PATCH
 * (`keepUnspecified`): only the given fields change, and none given changes
 * nothing (the current status is answered).
 */
export async function setUserStatus(
  stores: Pick<Stores, 'userStatuses'>,
  caller: Caller,
  input: StatusInput,
  now = new Date(),
): Promise<UserStatus | undefined> {
  const userId = requireSignedIn(caller)
  const existing = await stores.userStatuses.find(userId, now)
  if (emptyPatch(input)) return existing
  const status = planStatus(userId, input, existing, now)
  if (status === null) {
    await stores.userStatuses.remove(userId)
    return undefined
  }
  await stores.userStatuses.save(status)
  return status
}
