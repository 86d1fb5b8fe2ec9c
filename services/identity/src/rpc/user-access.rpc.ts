import {
  UserAccessDenial,
  type AuthenticatePasswordRequest,
  type AuthenticatePasswordResponse,
  type CheckUserAccessRequest,
  type CheckUserAccessResponse,
  type UserAccessServiceServer,
} from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import type { Stores } from '../domain/ports.js'
import { authenticatePassword, checkUserAccess, type AccessDenial } from '../domain/user-access.js'
import { toUserMessage } from './to-proto.js'

const DENIALS: Record<AccessDenial, UserAccessDenial> = {
  blocked: UserAccessDenial.USER_ACCESS_DENIAL_BLOCKED,
  blocked_pending_approval: UserAccessDenial.USER_ACCESS_DENIAL_BLOCKED_PENDING_APPROVAL,
  deactivated: UserAccessDenial.USER_ACCESS_DENIAL_DEACTIVATED,
}

/** gitlab.identity.v1.UserAccessService */
export function userAccessService(server: GrpcServer, stores: Stores): UserAccessServiceServer {
  return {
    authenticatePassword: server.unary(
      'AuthenticatePassword',
      async (req: AuthenticatePasswordRequest): Promise<AuthenticatePasswordResponse> => ({
        user: toUserMessage(await authenticatePassword(stores, req.login, req.password)),
      }),
    ),

    checkUserAccess: server.unary(
      'CheckUserAccess',
      async (req: CheckUserAccessRequest): Promise<CheckUserAccessResponse> => {
        const { user, denial } = await checkUserAccess(stores, req.userId)
        return {
          user: toUserMessage(user),
          allowed: denial === undefined,
          denial: denial ? DENIALS[denial] : UserAccessDenial.USER_ACCESS_DENIAL_UNSPECIFIED,
        }
      },
    ),
  }
}
