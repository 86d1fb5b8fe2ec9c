import type { UserServiceClient } from '@suite/proto'
import type { PromiseClient } from '@suite/runtime'
import type { UsersPort } from '../domain/ports.js'
import { callerMessage } from './caller-message.js'
import { isNotFound } from './grpc-failures.js'

export type UsersRpc = PromiseClient<UserServiceClient>

/** Identity's users as the domain needs them. */
export function usersPort(client: UsersRpc): UsersPort {
  return {
    findActiveUser: async (id) => {
      try {
        const { user } = await client.getUser({ caller: undefined, id })
        if (!user || user.state !== 'active') return undefined
        return {
          id: user.id,
          admin: user.admin,
          name: user.name,
          commitEmail: user.commitEmail || user.email,
        }
      } catch (error) {
        if (isNotFound(error)) return undefined
        throw error
      }
    },
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
