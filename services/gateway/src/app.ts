import express, { type Express } from 'express'
import type { Logger, Registry } from '@suite/runtime'
import type { TokenCache } from './auth/token-cache.js'
import type { IdentityClients } from './clients/identity.client.js'
import { errorHandler } from './errors/error-handler.js'
import { routeNotFound } from './errors/http-error.js'
import { httpMetrics } from './middleware/metrics.js'
import { requestId } from './middleware/request-id.js'
import { ApiRouter } from './routes/api-router.js'
import { groupRoutes } from './routes/groups.routes.js'
import { healthRoutes, type ReadinessCheck } from './routes/health.routes.js'
import { memberRoutes } from './routes/members.routes.js'
import { personalAccessTokenRoutes } from './routes/personal-access-tokens.routes.js'
import { userRoutes } from './routes/users.routes.js'

export const API_PREFIX = '/api/v4'

/** Bodies up to GitLab's largest text fields (a 1 MiB description) with room to spare. */
const BODY_LIMIT = '10mb'

export interface AppDeps {
  externalUrl: string
  logger: Logger
  registry: Registry
  identity: IdentityClients
  tokenCache: TokenCache
  readiness: readonly ReadinessCheck[]
}

/** The gateway's Express application: probes, metrics and GitLab's /api/v4. */
export function createApp(deps: AppDeps): Express {
  const app = express()
  app.disable('x-powered-by')
  // `a[]=1&a[]=2` arrays and `h[k]=v` hashes in query strings.
  app.set('query parser', 'extended')

  app.use(requestId())
  app.use(httpMetrics(deps.registry))
  app.use(healthRoutes(deps.readiness, deps.registry))

  const api = new ApiRouter(API_PREFIX, {
    identity: deps.identity,
    tokenCache: deps.tokenCache,
    externalUrl: deps.externalUrl,
  })
  userRoutes(api, deps.identity)
  personalAccessTokenRoutes(api, deps.identity, deps.tokenCache)
  groupRoutes(api, deps.identity)
  memberRoutes(api, deps.identity)
  api.router.use(api.fallback())

  app.use(
    API_PREFIX,
    express.json({ limit: BODY_LIMIT }),
    express.urlencoded({ extended: true, limit: BODY_LIMIT }),
    api.router,
  )
  app.use(() => {
    throw routeNotFound()
  })
  app.use(errorHandler(deps.logger))
  return app
}
