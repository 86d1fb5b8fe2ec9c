import {
  ImpersonationTokenState,
  type CreateImpersonationTokenRequest,
  type CreateImpersonationTokenResponse,
  type GetImpersonationTokenRequest,
  type GetImpersonationTokenResponse,
  type ImpersonationTokenServiceServer,
  type ListImpersonationTokensRequest,
  type ListImpersonationTokensResponse,
  type RevokeImpersonationTokenRequest,
  type RevokeImpersonationTokenResponse,
} from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import {
  createImpersonationToken,
  getImpersonationToken,
  listImpersonationTokens,
  revokeImpersonationToken,
} from '../domain/impersonation-tokens.js'
import type { Stores, TokenStateFilter } from '../domain/ports.js'
import { presentString, toCaller, toPage } from './from-proto.js'
import { toTokenMessage } from './to-proto.js'

function toStateFilter(state: ImpersonationTokenState): TokenStateFilter {
  if (state === ImpersonationTokenState.IMPERSONATION_TOKEN_STATE_ACTIVE) return 'active'
  if (state === ImpersonationTokenState.IMPERSONATION_TOKEN_STATE_INACTIVE) return 'inactive'
  return undefined
}

/** gitlab.identity.v1.ImpersonationTokenService */
export function impersonationTokenService(
  server: GrpcServer,
  stores: Stores,
): ImpersonationTokenServiceServer {
  return {
    createImpersonationToken: server.unary(
      'CreateImpersonationToken',
      async (req: CreateImpersonationTokenRequest): Promise<CreateImpersonationTokenResponse> => {
        const { token, value } = await createImpersonationToken(stores, toCaller(req.caller), {
          userId: req.userId,
          name: req.name,
          scopes: req.scopes,
          expiresAt: presentString(req.expiresAt),
          description: req.description,
        })
        return { token: toTokenMessage(token), value }
      },
    ),

    listImpersonationTokens: server.unary(
      'ListImpersonationTokens',
      async (req: ListImpersonationTokensRequest): Promise<ListImpersonationTokensResponse> => {
        const { tokens, total } = await listImpersonationTokens(
          stores,
          toCaller(req.caller),
          req.userId,
          toStateFilter(req.state),
          toPage(req.page),
        )
        const now = new Date()
        return { tokens: tokens.map((token) => toTokenMessage(token, now)), pageInfo: { total } }
      },
    ),

    getImpersonationToken: server.unary(
      'GetImpersonationToken',
      async (req: GetImpersonationTokenRequest): Promise<GetImpersonationTokenResponse> => ({
        token: toTokenMessage(
          await getImpersonationToken(stores, toCaller(req.caller), req.userId, req.id),
        ),
      }),
    ),

    revokeImpersonationToken: server.unary(
      'RevokeImpersonationToken',
      async (req: RevokeImpersonationTokenRequest): Promise<RevokeImpersonationTokenResponse> => {
        await revokeImpersonationToken(stores, toCaller(req.caller), req.userId, req.id)
        return {}
      },
    ),
  }
}
