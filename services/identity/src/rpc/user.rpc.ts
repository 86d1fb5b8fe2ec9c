import type {
  BatchGetUsersRequest,
  BatchGetUsersResponse,
  CreateUserRequest,
  CreateUserResponse,
  GetUserRequest,
  GetUserResponse,
  ListUsersRequest,
  ListUsersResponse,
  UpdateUserRequest,
  UpdateUserResponse,
  UserServiceServer,
} from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { createUser } from '../domain/create-user.js'
import { batchGetUsers, getUser, listUsers } from '../domain/list-users.js'
import { updateUser } from '../domain/update-user.js'
import type { Stores } from '../domain/ports.js'
import { toCaller, toPage, toUserAttributes } from './from-proto.js'
import { toUserMessage } from './to-proto.js'

/** gitlab.identity.v1.UserService */
export function userService(server: GrpcServer, stores: Stores): UserServiceServer {
  return {
    getUser: server.unary('GetUser', async (req: GetUserRequest): Promise<GetUserResponse> => ({
      user: toUserMessage(await getUser(stores, req.id)),
    })),

    batchGetUsers: server.unary(
      'BatchGetUsers',
      async (req: BatchGetUsersRequest): Promise<BatchGetUsersResponse> => ({
        users: (await batchGetUsers(stores, req.ids)).map(toUserMessage),
      }),
    ),

    listUsers: server.unary(
      'ListUsers',
      async (req: ListUsersRequest): Promise<ListUsersResponse> => {
        const { users, total } = await listUsers(stores, toCaller(req.caller), {
          ...req,
          page: toPage(req.page),
        })
        return { users: users.map(toUserMessage), pageInfo: { total } }
      },
    ),

    createUser: server.unary(
      'CreateUser',
      async (req: CreateUserRequest): Promise<CreateUserResponse> => {
        const user = await createUser(stores, toCaller(req.caller), {
          attributes: toUserAttributes(req.attributes),
          randomPassword: req.randomPassword,
        })
        return { user: toUserMessage(user) }
      },
    ),

    updateUser: server.unary(
      'UpdateUser',
      async (req: UpdateUserRequest): Promise<UpdateUserResponse> => {
        const user = await updateUser(
          stores,
          toCaller(req.caller),
          req.id,
          toUserAttributes(req.attributes),
        )
        return { user: toUserMessage(user) }
      },
    ),
  }
}
