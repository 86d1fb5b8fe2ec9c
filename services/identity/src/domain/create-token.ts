import { ConflictError, InvalidError, NotFoundError } from '@suite/runtime'
import type { Stores } from './ports.js'
import { UniqueViolation } from './write-conflicts.js'
import type { Caller } from './caller.js'
import { isIsoDate, normalizeDate } from './dates.js'
import { BLANK, ErrorCollector, INVALID } from './field-errors.js'
import { requireAdmin } from './policy.js'
import { TOKEN_SCOPES, type PersonalAccessToken } from './token.js'
import { digestToken, generateTokenValue } from './token-secret.js'

export interface CreateTokenInput {
  userId: number
  name: string
  scopes: readonly string[]
  expiresAt?: string | undefined
  description?: string | undefined
  /** The secret to use instead of a random one (the seed's INITIAL_ROOT_TOKEN). */
  value?: string | undefined
  /** An impersonation token (POST /users/:user_id/impersonation_tokens). */
  impersonation?: boolean
}

/**
 * PersonalAccessToken validations in GitLab's wording. An expires_at in the
 * past is accepted, as GitLab does: the token is created already inactive.
 */
export function tokenErrors(input: CreateTokenInput): ErrorCollector {
  const errors = new ErrorCollector()
  if (input.name.trim() === '') errors.add('name', BLANK)
  if (input.scopes.length === 0) errors.add('scopes', BLANK)
  else if (!input.scopes.every((scope) => TOKEN_SCOPES.includes(scope))) {
    errors.add('scopes', 'can only contain available scopes')
  }
  if (input.expiresAt !== undefined) {
    if (!isIsoDate(input.expiresAt)) errors.add('expires_at', INVALID)
  }
  if (input.value !== undefined && !/^\S+$/.test(input.value)) errors.add('token', INVALID)
  return errors
}

/**
 * POST /users/:user_id/personal_access_tokens and .../impersonation_tokens:
 * admins only (403 before 404 User Not Found). The secret is shown once.
 */
export async function createPersonalAccessToken(
  stores: Stores,
  caller: Caller,
  input: CreateTokenInput,
): Promise<{ token: PersonalAccessToken; value: string }> {
  requireAdmin(caller)
  const user = await stores.users.findById(input.userId)
  if (!user) throw new NotFoundError('User')
  const expiresAt = normalizeDate(input.expiresAt) || undefined
  const errors = tokenErrors({ ...input, expiresAt })
  if (!errors.empty) throw new InvalidError(errors.toJSON())
  const value = input.value ?? generateTokenValue()
  try {
    const token = await stores.tokens.insert({
      userId: user.id,
      name: input.name,
      description: input.description ?? null,
      digest: digestToken(value),
      scopes: [...new Set(input.scopes)],
      expiresAt: expiresAt ?? null,
      impersonation: input.impersonation ?? false,
    })
    return { token, value }
  } catch (error) {
    if (error instanceof UniqueViolation && error.rule === 'token') {
      throw new ConflictError('Token has already been taken')
    }
    throw error
  }
}
