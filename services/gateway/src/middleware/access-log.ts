import type { Request, RequestHandler } from 'express'
import { currentRequestId, type Logger } from '@suite/runtime'
import { UNMATCHED_ROUTE } from './metrics.js'

/** Who asked and what `:id` named, as the route learnt them; for the access log only. */
export interface AccessFacts {
  userId?: number
  username?: string
  projectId?: number
  /** The project's full path (GitLab's `meta.project`). */
  projectPath?: string
}

const factsOf = new WeakMap<Request, AccessFacts>()

/** Probes and scrapes come every few seconds from the kubelet and Prometheus: debug lines only. */
const QUIET_ROUTES = new Set(['/-/health', '/-/liveness', '/-/readiness', '/metrics'])

/** Records what the request resolved (the caller, the project of `:id`) for its access line. */
export function noteAccessFacts(req: Request, facts: AccessFacts): void {
  const known = factsOf.get(req)
  if (known) Object.assign(known, facts)
  else factsOf.set(req, { ...facts })
}

/**
 * One JSON line per finished request, named as GitLab's api_json.log names
 * them where it has the field: method, route (the template, never the raw
 * path: a path or query string may carry private_token), status, duration_s,
 * user_id, username, meta.project, correlation_id (the X-Request-Id); plus
 * project_id, and request_id as every other line of the suite names the id.
 * Headers, bodies and query strings are never logged.
 */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint()
    // Read now: the finish event may fire outside the request's async context.
    const requestId = currentRequestId()
    res.once('finish', () => {
      const route: unknown = res.locals['route']
      const facts = factsOf.get(req) ?? {}
      const line: Record<string, unknown> = {
        method: req.method,
        route: typeof route === 'string' ? route : UNMATCHED_ROUTE,
        status: res.statusCode,
        duration_s: Number(process.hrtime.bigint() - started) / 1e9,
        correlation_id: requestId,
        request_id: requestId,
      }
      if (facts.userId !== undefined) line['user_id'] = facts.userId
      if (facts.username !== undefined) line['username'] = facts.username
      if (facts.projectId !== undefined) line['project_id'] = facts.projectId
      if (facts.projectPath !== undefined) line['meta.project'] = facts.projectPath
      const quiet = typeof route === 'string' && QUIET_ROUTES.has(route) && res.statusCode < 400
      if (quiet) logger.debug(line, 'access')
      else logger.info(line, 'access')
    })
    next()
  }
}
