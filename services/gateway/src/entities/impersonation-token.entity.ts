import type { CreateImpersonationTokenResponse, PersonalAccessToken } from '@suite/proto'
import {
  presentPersonalAccessToken,
  type PersonalAccessTokenJson,
} from './personal-access-token.entity.js'
import type { PresentContext } from './present-context.js'

/** API::Entities::ImpersonationToken: a PersonalAccessToken that says it impersonates. */
export interface ImpersonationTokenJson extends PersonalAccessTokenJson {
  impersonation: boolean
}

/** API::Entities::ImpersonationTokenWithToken: the secret, in the create answer only. */
export interface ImpersonationTokenWithTokenJson extends ImpersonationTokenJson {
  token: string
}

export function presentImpersonationToken(
  token: PersonalAccessToken,
  ctx: PresentContext,
): ImpersonationTokenJson {
  return { ...presentPersonalAccessToken(token, ctx), impersonation: token.impersonation }
}

export function presentImpersonationTokenWithToken(
  created: CreateImpersonationTokenResponse,
  ctx: PresentContext,
): ImpersonationTokenWithTokenJson {
  if (!created.token) throw new Error('CreateImpersonationToken answered without a token')
  return { ...presentImpersonationToken(created.token, ctx), token: created.value }
}
