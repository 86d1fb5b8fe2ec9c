import type { Caller } from '@suite/proto'
import type { IdentityClients } from './identity.client.js'

/**
 * The id of the user with this username (compared without case, as
 * User.find_by_username does); undefined when there is none, so a filter by
 * an unknown username finds nothing rather than failing.
 */
export async function findUserIdByUsername(
  identity: Pick<IdentityClients, 'users'>,
  caller: Caller,
  username: string,
): Promise<number | undefined> {
  const { users } = await identity.users.read.listUsers({
    caller,
    page: { page: 1, perPage: 1 },
    username,
    orderBy: 'id',
    sort: 'asc',
    excludeInternal: false,
  })
  return users.find((user) => user.username.toLowerCase() === username.toLowerCase())?.id
}
