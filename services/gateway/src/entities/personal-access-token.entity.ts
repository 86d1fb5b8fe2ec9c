import type { PersonalAccessToken } from '@suite/proto'
import { isoTime, orNull, type PresentContext } from './present-context.js'

/** API::Entities::PersonalAccessToken. */
export interface PersonalAccessTokenJson {
  id: number
  name: string
  revoked: boolean
  created_at: string | null
  description: string | null
  scopes: string[]
  user_id: number
  last_used_at: string | null
  active: boolean
  expires_at: string | null
  expired: boolean
}

/** Today in UTC as YYYY-MM-DD; a token expires at the start of its expiry date. */
function today(): string {
  return new Date().toISOString().slice(0, 10)
}

export function presentPersonalAccessToken(
  token: PersonalAccessToken,
  _ctx: PresentContext,
): PersonalAccessTokenJson {
  return {
    id: token.id,
    name: token.name,
    revoked: token.revoked,
    created_at: isoTime(token.createdAt),
    description: orNull(token.description),
    scopes: token.scopes,
    user_id: token.userId,
    last_used_at: isoTime(token.lastUsedAt),
    active: token.active,
    expires_at: orNull(token.expiresAt),
    expired: token.expiresAt !== undefined && token.expiresAt <= today(),
  }
}
