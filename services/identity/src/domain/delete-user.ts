import { ConflictError, ForbiddenError, NotFoundError } from '@suite/runtime'
import type { Caller } from './caller.js'
import { requireAdmin } from './policy.js'

/** The store side of a user's deletion (UserDeletionsStore). */
export interface UserDeletionPort {
  markDeleted(
    userId: number,
    hardDelete: boolean,
    deletedById: number,
  ): Promise<{ kind: 'marked' | 'not_found' | 'internal' | 'sole_owner' }>
  deleteIdentity(userId: number, provider: string): Promise<boolean>
  userExists(userId: number): Promise<boolean>
}

/** API::Users' answer to deleting the sole owner of a group without hard_delete. */
export const SOLE_OWNER = 'User cannot be removed while is the sole-owner of a group'

/**
 * DELETE /users/:id (API::Users, Users::DestroyService via delete_async):
 * administrators only; 404 User for an unknown user; 409 for the sole owner
 * of a group unless `hardDelete`, which deletes those groups as well; the
 * Ghost user cannot be removed (403). The user is blocked at once and each
 * service moves (or removes) their contributions; identity removes them last.
 */
export async function deleteUser(
  port: UserDeletionPort,
  caller: Caller,
  userId: number,
  hardDelete: boolean,
): Promise<void> {
  requireAdmin(caller)
  const mark = await port.markDeleted(userId, hardDelete, caller.userId ?? 0)
  if (mark.kind === 'not_found') throw new NotFoundError('User')
  if (mark.kind === 'internal') throw new ForbiddenError()
  if (mark.kind === 'sole_owner') throw new ConflictError(SOLE_OWNER)
}

/** DELETE /users/:id/identities/:provider: administrators only; 404 User, then 404 Identity. */
export async function deleteUserIdentity(
  port: UserDeletionPort,
  caller: Caller,
  userId: number,
  provider: string,
): Promise<void> {
  requireAdmin(caller)
  if (!(await port.userExists(userId))) throw new NotFoundError('User')
  if (!(await port.deleteIdentity(userId, provider))) throw new NotFoundError('Identity')
}
