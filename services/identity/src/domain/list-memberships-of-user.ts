import { NotFoundError, pageWindow, type PageRequest } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { MembershipOfUser, Stores } from './ports.js'
import { requireAdmin } from './policy.js'

/**
 * GET /users/:user_id/memberships (lib/api/users.rb): authenticated_as_admin!
 * comes first, then 404 User Not Found; `type` keeps only the project or only
 * the group memberships.
 */
export async function listMembershipsOfUser(
  stores: Pick<Stores, 'users' | 'members'>,
  caller: Caller,
  userId: number,
  sourceType: 'Namespace' | 'Project' | undefined,
  page: PageRequest | undefined,
): Promise<{ memberships: MembershipOfUser[]; total: number }> {
  requireAdmin(caller)
  if (!(await stores.users.findById(userId))) throw new NotFoundError('User')
  return stores.members.listOfUser(userId, sourceType, pageWindow(page))
}
