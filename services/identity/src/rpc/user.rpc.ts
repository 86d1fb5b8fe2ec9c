import type {
  BatchGetUsersRequest,
  BatchGetUsersResponse,
  ChangeUserStateRequest,
  ChangeUserStateResponse,
  CreateUserRequest,
  CreateUserResponse,
  GetUserRequest,
  GetUserResponse,
  ListUsersRequest,
  ListUsersResponse,
  UpdateUserRequest,
  UpdateUserResponse,
  UserServiceServer,
  User as UserMessage,
} from '@suite/proto'
import { UserStateEvent as UserStateEventMessage } from '@suite/proto'
import { InvalidError, type GrpcServer } from '@suite/runtime'
import { changeUserState } from '../domain/change-user-state.js'
import { createUser } from '../domain/create-user.js'
import { batchGetUsers, getUser, listUsers } from '../domain/list-users.js'
import { updateUser } from '../domain/update-user.js'
import { getUserAvatar } from '../domain/user-avatar.js'
import type { Caller } from '../domain/caller.js'
import type { ProjectsPort, Stores } from '../domain/ports.js'
import type { User } from '../domain/user.js'
import { userAbilities } from '../domain/user-policy.js'
import type { UserStateEvent } from '../domain/user-state-transitions.js'
import { toCaller, toPage, toUserAttributes } from './from-proto.js'
import { toUserMessage } from './to-proto.js'

/** The user with the caller's abilities on it, as UserPolicy decides them. */
function userFor(caller: Caller): (user: User) => UserMessage {
  return (user) => toUserMessage(user, userAbilities(user, caller))
}

const STATE_EVENTS: ReadonlyMap<UserStateEventMessage, UserStateEvent> = new Map([
  [UserStateEventMessage.USER_STATE_EVENT_BLOCK, 'block'],
  [UserStateEventMessage.USER_STATE_EVENT_UNBLOCK, 'unblock'],
  [UserStateEventMessage.USER_STATE_EVENT_DEACTIVATE, 'deactivate'],
  [UserStateEventMessage.USER_STATE_EVENT_ACTIVATE, 'activate'],
  [UserStateEventMessage.USER_STATE_EVENT_BAN, 'ban'],
  [UserStateEventMessage.USER_STATE_EVENT_UNBAN, 'unban'],
])

function toStateEvent(event: UserStateEventMessage): UserStateEvent {
  const known = STATE_EVENTS.get(event)
  if (!known) throw new InvalidError({}, 'event is missing')
  return known
}

/** gitlab.identity.v1.UserService */
export function userService(
  server: GrpcServer,
  stores: Stores,
  projects: Pick<ProjectsPort, 'defaultProjectsLimit'>,
): UserServiceServer {
  return {
    getUser: server.unary('GetUser', async (req: GetUserRequest): Promise<GetUserResponse> => ({
      user: userFor(toCaller(req.caller))(await getUser(stores, req.id)),
    })),

    batchGetUsers: server.unary(
      'BatchGetUsers',
      async (req: BatchGetUsersRequest): Promise<BatchGetUsersResponse> => ({
        users: (await batchGetUsers(stores, req.ids)).map(userFor(toCaller(req.caller))),
      }),
    ),

    listUsers: server.unary(
      'ListUsers',
      async (req: ListUsersRequest): Promise<ListUsersResponse> => {
        const caller = toCaller(req.caller)
        const { users, total } = await listUsers(stores, caller, {
          ...req,
          page: toPage(req.page),
        })
        return { users: users.map(userFor(caller)), pageInfo: { total } }
      },
    ),

    createUser: server.unary(
      'CreateUser',
      async (req: CreateUserRequest): Promise<CreateUserResponse> => {
        const caller = toCaller(req.caller)
        const user = await createUser(stores, caller, {
          attributes: toUserAttributes(req.attributes),
          randomPassword: req.randomPassword,
          defaultProjectsLimit: () => projects.defaultProjectsLimit(),
        })
        return { user: userFor(caller)(user) }
      },
    ),

    updateUser: server.unary(
      'UpdateUser',
      async (req: UpdateUserRequest): Promise<UpdateUserResponse> => {
        const caller = toCaller(req.caller)
        const user = await updateUser(stores, caller, req.id, toUserAttributes(req.attributes))
        return { user: userFor(caller)(user) }
      },
    ),

    getUserAvatar: server.unary('GetUserAvatar', async (req) => {
      const avatar = await getUserAvatar(stores, req.userId, req.filename)
      return { contentType: avatar.contentType, content: avatar.content }
    }),

    changeUserState: server.unary(
      'ChangeUserState',
      async (req: ChangeUserStateRequest): Promise<ChangeUserStateResponse> => {
        const result = await changeUserState(
          stores,
          toCaller(req.caller),
          req.id,
          toStateEvent(req.event),
        )
        return result === null ? {} : { result }
      },
    ),
  }
}
