import type {
  AuthenticateTokenRequest,
  AuthenticateTokenResponse,
  CreatePersonalAccessTokenRequest,
  CreatePersonalAccessTokenResponse,
  GetPersonalAccessTokenRequest,
  GetPersonalAccessTokenResponse,
  RevokePersonalAccessTokenRequest,
  RevokePersonalAccessTokenResponse,
  TokenServiceServer,
} from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { authenticateToken } from '../domain/authenticate-token.js'
import { createPersonalAccessToken } from '../domain/create-token.js'
import { getPersonalAccessToken, revokePersonalAccessToken } from '../domain/token-access.js'
import type { Stores } from '../domain/ports.js'
import { presentString, toCaller } from './from-proto.js'
import { toTokenMessage, toUserMessage } from './to-proto.js'

/** gitlab.identity.v1.TokenService */
export function tokenService(server: GrpcServer, stores: Stores): TokenServiceServer {
  return {
    authenticateToken: server.unary(
      'AuthenticateToken',
      async (req: AuthenticateTokenRequest): Promise<AuthenticateTokenResponse> => {
        const { user, token } = await authenticateToken(stores, req.token)
        return { user: toUserMessage(user), token: toTokenMessage(token) }
      },
    ),

    createPersonalAccessToken: server.unary(
      'CreatePersonalAccessToken',
      async (req: CreatePersonalAccessTokenRequest): Promise<CreatePersonalAccessTokenResponse> => {
        const { token, value } = await createPersonalAccessToken(stores, toCaller(req.caller), {
          userId: req.userId,
          name: req.name,
          scopes: req.scopes,
          expiresAt: presentString(req.expiresAt),
          description: req.description,
          value: presentString(req.value),
        })
        return { token: toTokenMessage(token), value }
      },
    ),

    getPersonalAccessToken: server.unary(
      'GetPersonalAccessToken',
      async (req: GetPersonalAccessTokenRequest): Promise<GetPersonalAccessTokenResponse> => ({
        token: toTokenMessage(await getPersonalAccessToken(stores, toCaller(req.caller), req.id)),
      }),
    ),

    revokePersonalAccessToken: server.unary(
      'RevokePersonalAccessToken',
      async (req: RevokePersonalAccessTokenRequest): Promise<RevokePersonalAccessTokenResponse> => {
        await revokePersonalAccessToken(stores, toCaller(req.caller), req.id)
        return {}
      },
    ),
  }
}
