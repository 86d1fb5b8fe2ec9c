import type { RequestHandler } from 'express'
import type { Principal } from '../auth/principal.js'
import type { TokenCache } from '../auth/token-cache.js'
import { extractToken } from '../auth/token.js'
import { noteAccessFacts } from '../middleware/access-log.js'
import { cacheKey, sendCached } from './reply.js'
import type { ResponseCache } from './response-cache.js'

/**
 * Who asks, when that is known without a call: anonymous, or a token the
 * token cache holds. Undefined sends the request the long way (sudo, an
 * unknown token, a token in a body).
 */
function knownPrincipal(
  req: Parameters<RequestHandler>[0],
  tokenCache: TokenCache,
): Principal | undefined {
  const url = req.originalUrl
  if (req.headers['sudo'] !== undefined || url.includes('sudo=')) return undefined
  // Parameters (a token, sudo) may come in a body, which is not read yet.
  const length = req.headers['content-length']
  if ((length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined) {
    return undefined
  }
  // Express parses the query string on first use: only when a token may be in it.
  const query = url.includes('token=') ? (req.query as Record<string, unknown>) : {}
  const token = extractToken(req, query)
  if (token === undefined) return { user: undefined, token: undefined, sudo: false }
  const answer = tokenCache.get(token)
  return answer ? { user: answer.user, token: answer.token, sudo: false } : undefined
}

/**
 * The fast path of cached GETs, before routing and body parsing: a viewer
 * whose token the gateway knows gets the cached answer of the URL at once.
 * A miss goes on to the route, which authenticates, answers and fills.
 */
export function cachedAnswers(
  prefix: string,
  cache: ResponseCache,
  tokenCache: TokenCache,
): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url.startsWith(`${prefix}/`)) {
      next()
      return
    }
    const principal = knownPrincipal(req, tokenCache)
    const hit = principal
      ? cache.peek(cacheKey(principal, req.originalUrl), principal.user?.id)
      : undefined
    if (!hit) {
      next()
      return
    }
    res.locals['route'] = hit.route
    if (principal?.user) {
      noteAccessFacts(req, { userId: principal.user.id, username: principal.user.username })
    }
    sendCached(req, res, hit)
  }
}
