import { Router, type Request, type RequestHandler, type Response } from 'express'
import { methodNotAllowed, routeNotFound } from '../errors/http-error.js'
import { sendJson } from '../middleware/json-response.js'
import { pageRequest, paginationParams } from '../params/pagination.js'
import type { ParamShape, ParamValues } from '../params/parse-params.js'
import { keysetHeaders, paginationHeaders } from './pagination-headers.js'
import {
  checkResolvedAbility,
  prepare,
  presentContext,
  successStatus,
  type RouteDeps,
} from './route-pipeline.js'
import type { ListSpec, RouteSpec, Source } from './route-spec.js'

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** A path template as a regular expression over the still-encoded path. */
function templatePattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^${escaped.replace(/:[A-Za-z_]+/g, '[^/]+')}/?$`)
}

/** The request path as received, query string left out. */
function receivedPath(req: Request): string {
  return req.originalUrl.split('?')[0] ?? req.originalUrl
}

/**
 * Declares GitLab routes: each one a path, parameters, an ability and a
 * presenter around a handler; statuses, JSON and pagination headers are
 * chosen here, never in a route.
 */
export class ApiRouter {
  readonly router = Router()
  private readonly known: { method: string; pattern: RegExp }[] = []

  constructor(
    private readonly prefix: string,
    private readonly deps: RouteDeps,
  ) {}

  get<S extends ParamShape, Src extends Source | undefined, R>(
    path: string,
    spec: RouteSpec<S, Src, R>,
  ): void {
    this.one('get', path, spec)
  }

  post<S extends ParamShape, Src extends Source | undefined, R>(
    path: string,
    spec: RouteSpec<S, Src, R>,
  ): void {
    this.one('post', path, spec)
  }

  put<S extends ParamShape, Src extends Source | undefined, R>(
    path: string,
    spec: RouteSpec<S, Src, R>,
  ): void {
    this.one('put', path, spec)
  }

  patch<S extends ParamShape, Src extends Source | undefined, R>(
    path: string,
    spec: RouteSpec<S, Src, R>,
  ): void {
    this.one('patch', path, spec)
  }

  delete<S extends ParamShape, Src extends Source | undefined, R>(
    path: string,
    spec: RouteSpec<S, Src, R>,
  ): void {
    this.one('delete', path, spec)
  }

  /** A paginated GET list. */
  list<S extends ParamShape, Src extends Source | undefined, T>(
    path: string,
    spec: ListSpec<S, Src, T>,
  ): void {
    checkResolvedAbility(path, spec)
    this.register('get', path, spec.requirements, async (req, res) => {
      const { handler, abilities } = await prepare(req, spec, paginationParams, this.deps)
      // The pagination parameters were parsed with the route's own (see prepare).
      const requested = handler.params as ParamValues<typeof paginationParams>
      const page = pageRequest(requested)
      const { items, total, keyset } = await spec.handle({ ...handler, page })
      const related = items.flatMap((item) => spec.related?.(item) ?? [])
      const ctx = await presentContext(handler.principal, abilities, related, this.deps)
      const base = { externalUrl: this.deps.externalUrl, path: receivedPath(req), query: req.query }
      const headers = keyset
        ? keysetHeaders(keyset.next, page.perPage, base)
        : paginationHeaders({ page: requested.page, perPage: page.perPage, total }, base)
      sendJson(
        res,
        200,
        items.map((item) => spec.present(item, ctx)),
        headers,
      )
    })
  }

  /** The last handler under the prefix: 405 for a known path with another method, else 404. */
  fallback(): RequestHandler {
    return (req) => {
      const path = receivedPath(req)
      const methods = this.known.filter((route) => route.pattern.test(path)).map((r) => r.method)
      const method = req.method === 'HEAD' ? 'GET' : req.method
      if (methods.length > 0 && !methods.includes(method)) {
        throw methodNotAllowed([...new Set(methods)])
      }
      throw routeNotFound()
    }
  }

  private one<S extends ParamShape, Src extends Source | undefined, R>(
    method: Method,
    path: string,
    spec: RouteSpec<S, Src, R>,
  ): void {
    checkResolvedAbility(path, spec)
    this.register(method, path, spec.requirements, async (req, res) => {
      const { handler, abilities } = await prepare(req, spec, {}, this.deps)
      const value = await spec.handle(handler)
      if (!spec.present) {
        sendJson(res, spec.status ?? successStatus(req.method, false), undefined)
        return
      }
      const related = spec.related?.(value) ?? []
      const ctx = await presentContext(handler.principal, abilities, related, this.deps)
      const body = spec.present(value, ctx)
      const code = spec.status ?? successStatus(req.method, true)
      if (spec.contentType === 'text/plain') {
        res.status(code).setHeader('Content-Type', 'text/plain')
        res.send(Buffer.from(typeof body === 'string' ? body : ''))
        return
      }
      sendJson(res, code, body)
    })
  }

  private register(
    method: Method,
    path: string,
    requirements: Readonly<Record<string, RegExp>> | undefined,
    run: (req: Request, res: Response) => Promise<void>,
  ): void {
    const template = `${this.prefix}${path}`
    this.known.push({ method: method.toUpperCase(), pattern: templatePattern(template) })
    this.router[method](path, async (req, res, next) => {
      const unmet = Object.entries(requirements ?? {}).some(
        ([name, pattern]) => !pattern.test(String(req.params[name])),
      )
      if (unmet) {
        next()
        return
      }
      res.locals['route'] = template
      await run(req, res)
    })
  }
}
