import { utcToday } from './dates.js'

export interface PersonalAccessToken {
  id: number
  userId: number
  name: string
  description: string | null
  scopes: string[]
  revoked: boolean
  /** YYYY-MM-DD */
  expiresAt: string | null
  lastUsedAt: Date | null
  createdAt: Date
  /** Made by an admin for the user; authenticates as the user all the same. */
  impersonation: boolean
}

/** Scopes a personal access token may carry here. */
export const TOKEN_SCOPES: readonly string[] = [
  'api',
  'read_api',
  'read_user',
  'read_repository',
  'write_repository',
  'sudo',
  'admin_mode',
]

/** A token stops working on the day after its expiry date (UTC). */
export function isExpired(
  token: Pick<PersonalAccessToken, 'expiresAt'>,
  now = new Date(),
): boolean {
  return token.expiresAt !== null && token.expiresAt < utcToday(now)
}

export function isActive(token: PersonalAccessToken, now = new Date()): boolean {
  return !token.revoked && !isExpired(token, now)
}
