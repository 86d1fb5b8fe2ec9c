import { status } from '@grpc/grpc-js'
import type { AuthenticateTokenResponse, User } from '@suite/proto'
import { isServiceError } from '@suite/runtime'
import { isCallerUnauthenticated } from '../errors/grpc-errors.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { forbidden, insufficientScope, notFound, unauthorized } from '../errors/http-error.js'
import { hasNul, saturatingInteger } from '../params/coercions.js'
import { ANONYMOUS, callerOf, type Principal } from './principal.js'
import type { TokenCache } from './token-cache.js'

export interface AuthenticationDeps {
  identity: Pick<IdentityClients, 'users' | 'tokens'>
  tokenCache: TokenCache
}

/** Token -> user and token, through the cache; a token identity refuses is a 401. */
async function resolveToken(
  token: string,
  deps: AuthenticationDeps,
): Promise<AuthenticateTokenResponse> {
  const cached = deps.tokenCache.get(token)
  if (cached) return cached
  try {
    const answer = await deps.identity.tokens.read.authenticateToken({ token })
    if (!answer.user || !answer.token) throw unauthorized()
    deps.tokenCache.set(token, answer)
    return answer
  } catch (error) {
    if (isCallerUnauthenticated(error)) throw unauthorized()
    throw error
  }
}

/** The user a sudo identifier names: a numeric id, else a username. */
async function findSudoUser(
  identifier: string,
  admin: Principal,
  deps: AuthenticationDeps,
): Promise<User | undefined> {
  // PostgreSQL cannot hold a NUL character: no username has one.
  if (hasNul(identifier)) return undefined
  const caller = callerOf(admin)
  if (/^\d+$/.test(identifier)) {
    try {
      const id = saturatingInteger(identifier)
      return (await deps.identity.users.read.getUser({ caller, id })).user
    } catch (error) {
      if (isServiceError(error) && error.code === status.NOT_FOUND) return undefined
      throw error
    }
  }
  const { users } = await deps.identity.users.read.listUsers({
    caller,
    page: { page: 1, perPage: 1 },
    username: identifier,
    orderBy: 'id',
    sort: 'asc',
    excludeInternal: false,
  })
  return users[0]
}

/**
 * Who the request comes from (lib/api/helpers.rb current_user and sudo!). No
 * token is anonymous; a bad, expired or revoked one is a 401. With a Sudo
 * header or sudo parameter an admin token with the sudo scope acts as another
 * user; otherwise GitLab's 403s, or 404 when the user does not exist.
 */
export async function authenticate(
  token: string | undefined,
  sudo: string | undefined,
  deps: AuthenticationDeps,
): Promise<Principal> {
  if (!token) {
    if (sudo) throw unauthorized()
    return ANONYMOUS
  }
  const answer = await resolveToken(token, deps)
  const principal: Principal = { user: answer.user, token: answer.token, sudo: false }
  if (!sudo) return principal
  if (!principal.user?.admin) throw forbidden('Must be admin to use sudo')
  if (!answer.token?.scopes.includes('sudo')) throw insufficientScope(['sudo'])
  const target = await findSudoUser(sudo, principal, deps)
  if (!target) throw notFound(`User with ID or username '${sudo}'`)
  return { user: target, token: answer.token, sudo: true }
}
