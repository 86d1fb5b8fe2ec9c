import type { CreatePersonalAccessTokenResponse } from '@suite/proto'
import {
  presentPersonalAccessToken,
  type PersonalAccessTokenJson,
} from './personal-access-token.entity.js'
import type { PresentContext } from './present-context.js'

/** API::Entities::PersonalAccessTokenWithToken: the secret, shown once at creation. */
export interface PersonalAccessTokenWithTokenJson extends PersonalAccessTokenJson {
  token: string
}

export function presentPersonalAccessTokenWithToken(
  created: CreatePersonalAccessTokenResponse,
  ctx: PresentContext,
): PersonalAccessTokenWithTokenJson {
  if (!created.token) throw new Error('CreatePersonalAccessToken answered without a token')
  return { ...presentPersonalAccessToken(created.token, ctx), token: created.value }
}
