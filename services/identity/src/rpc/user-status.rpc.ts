import type {
  GetUserStatusRequest,
  GetUserStatusResponse,
  SetUserStatusRequest,
  SetUserStatusResponse,
  UserStatus as UserStatusMessage,
  UserStatusServiceServer,
} from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import type { Stores } from '../domain/ports.js'
import { getUserStatus, setUserStatus } from '../domain/set-user-status.js'
import type { UserStatus } from '../domain/user-status.js'
import { toCaller } from './from-proto.js'

function toStatusMessage(status: UserStatus | undefined): UserStatusMessage | undefined {
  return (
    status && {
      emoji: status.emoji,
      message: status.message ?? undefined,
      availability: status.availability,
      clearStatusAt: status.clearStatusAt ?? undefined,
    }
  )
}

/** gitlab.identity.v1.UserStatusService */
export function userStatusService(server: GrpcServer, stores: Stores): UserStatusServiceServer {
  return {
    getUserStatus: server.unary(
      'GetUserStatus',
      async (req: GetUserStatusRequest): Promise<GetUserStatusResponse> => ({
        status: toStatusMessage(await getUserStatus(stores, req.user)),
      }),
    ),

    setUserStatus: server.unary(
      'SetUserStatus',
      async (req: SetUserStatusRequest): Promise<SetUserStatusResponse> => ({
        status: toStatusMessage(
          await setUserStatus(stores, toCaller(req.caller), {
            emoji: req.emoji,
            message: req.message,
            availability: req.availability,
            clearStatusAfter: req.clearStatusAfter,
            keepUnspecified: req.keepUnspecified,
          }),
        ),
      }),
    ),
  }
}
