import type { ParamShape } from '../params/parse-params.js'
import { sendJson } from '../middleware/json-response.js'
import type { ApiRouter } from './api-router.js'
import { prepare, presentContext, type RouteDeps } from './route-pipeline.js'
import type { RouteSpec, Source } from './route-spec.js'

/** A route whose success answer is not Grape's default: its own status, or a plain-text body. */
export interface CustomRouteSpec<
  S extends ParamShape,
  Src extends Source | undefined,
  R,
> extends RouteSpec<S, Src, R> {
  /** GitLab's status (`status :ok` in a POST). */
  status: number
  /** `content_type 'text/plain'`: the presenter's string is sent as it is. */
  contentType?: 'application/json' | 'text/plain'
}

/**
 * Registers a route on the API router (before its fallback) that answers
 * with the spec's status and content type. Authentication, scopes,
 * parameters and `:id` go through the same pipeline as every route.
 */
export function customRoute<S extends ParamShape, Src extends Source | undefined, R>(
  api: ApiRouter,
  deps: RouteDeps,
  method: 'get' | 'post',
  path: string,
  spec: CustomRouteSpec<S, Src, R>,
): void {
  api.router[method](path, async (req, res) => {
    res.locals['route'] = `${req.baseUrl}${path}`
    const { handler, accessLevel } = await prepare(req, spec, {}, deps)
    const value = await spec.handle(handler)
    const related = spec.related?.(value) ?? []
    const ctx = await presentContext(handler.principal, accessLevel, related, deps)
    const body = spec.present ? spec.present(value, ctx) : undefined
    if (spec.contentType === 'text/plain') {
      res.status(spec.status)
      res.setHeader('Content-Type', 'text/plain')
      res.send(Buffer.from(typeof body === 'string' ? body : ''))
      return
    }
    sendJson(res, spec.status, body)
  })
}
