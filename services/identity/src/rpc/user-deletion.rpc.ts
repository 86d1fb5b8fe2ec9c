import type {
  DeleteUserIdentityRequest,
  DeleteUserIdentityResponse,
  DeleteUserRequest,
  DeleteUserResponse,
  UserDeletionServiceServer,
} from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { deleteUser, deleteUserIdentity, type UserDeletionPort } from '../domain/delete-user.js'
import { toCaller } from './from-proto.js'

/** gitlab.identity.v1.UserDeletionService */
export function userDeletionService(
  server: GrpcServer,
  port: UserDeletionPort,
  /** Called after a deletion was written (wakes the outbox relays). */
  onDeletionQueued: () => void,
): UserDeletionServiceServer {
  return {
    deleteUser: server.unary(
      'DeleteUser',
      async (req: DeleteUserRequest): Promise<DeleteUserResponse> => {
        await deleteUser(port, toCaller(req.caller), req.userId, req.hardDelete)
        onDeletionQueued()
        return {}
      },
    ),
    deleteUserIdentity: server.unary(
      'DeleteUserIdentity',
      async (req: DeleteUserIdentityRequest): Promise<DeleteUserIdentityResponse> => {
        await deleteUserIdentity(port, toCaller(req.caller), req.userId, req.provider)
        return {}
      },
    ),
  }
}
