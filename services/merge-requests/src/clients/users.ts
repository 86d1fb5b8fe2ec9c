import type { UserServiceClient } from '@suite/proto'
import type { PromiseClient } from '@suite/runtime'
import type { UsersPort } from '../domain/ports.js'
import { callerMessage } from './caller-message.js'

export type UsersRpc = PromiseClient<UserServiceClient>

/** Identity's users as the domain needs them. */
export function usersPort(client: UsersRpc): UsersPort {
  return {
    findUserIds: async (ids) => {
      const { users } = await client.batchGetUsers({ ids: [...ids] })
      return users.map((user) => user.id)
    },
    findUserIdByUsername: async (caller, username) => {
      const { users } = await client.listUsers({
        caller: callerMessage(caller),
        page: { page: 1, perPage: 1 },
        username,
        orderBy: '',
        sort: '',
        excludeInternal: false,
      })
      return users[0]?.id
    },
  }
}
