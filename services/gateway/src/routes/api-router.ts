import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Router, type Request, type RequestHandler, type Response } from 'express'
import {
  cacheKey,
  dependencyTags,
  sendCached,
  serializeReply,
  pathUserIds,
  writtenTags,
  type Reply,
} from '../cache/reply.js'
import { methodNotAllowed, routeNotFound } from '../errors/http-error.js'
import { sendJson } from '../middleware/json-response.js'
import { pageRequest, paginationParams } from '../params/pagination.js'
import type { ParamShape, ParamValues } from '../params/parse-params.js'
import { declareOperation, type Operation } from '../route-table.js'
import { keysetHeaders, paginationHeaders } from './pagination-headers.js'
import {
  authenticateRequest,
  checkResolvedAbility,
  prepare,
  type Authenticated,
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
    const listSpec = { ...spec, params: { ...spec.params, ...paginationParams } }
    const operation = { list: true, body: 'json' } as const
    this.register('get', path, listSpec, operation, async (req, authenticated) => {
      const { handler, abilities } = await prepare(
        req,
        spec,
        paginationParams,
        this.deps,
        authenticated,
      )
      // The pagination parameters were parsed with the route's own (see prepare).
      const requested = handler.params as ParamValues<typeof paginationParams>
      const page = pageRequest(requested)
      const { items, total, totalUnknown, keyset } = await spec.handle({ ...handler, page })
      const related = items.flatMap((item) => spec.related?.(item) ?? [])
      const ctx = await presentContext(handler.principal, abilities, related, this.deps)
      const base = { externalUrl: this.deps.externalUrl, path: receivedPath(req), query: req.query }
      const headers = keyset
        ? keysetHeaders(keyset.next, page.perPage, base)
        : paginationHeaders(
            {
              page: requested.page,
              perPage: page.perPage,
              total: totalUnknown ? undefined : total,
              count: items.length,
            },
            base,
          )
      return {
        status: 200,
        json: items.map((item) => spec.present(item, ctx)),
        headers,
        projectId: handler.project?.id,
        groupId: handler.group?.id,
      }
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
    if (spec.cache && method !== 'get') throw new Error(`${path}: only GET answers are cached`)
    const operation = {
      list: false,
      status: spec.status,
      body: bodyKind(spec),
    } as const
    this.register(method, path, spec, operation, async (req, authenticated) => {
      const { handler, abilities } = await prepare(req, spec, {}, this.deps, authenticated)
      const value = await spec.handle(handler)
      const resolved = {
        projectId: handler.project?.id,
        groupId: handler.group?.id,
        actorId: handler.principal.user?.id,
      }
      if (!spec.present) {
        return { status: spec.status ?? successStatus(req.method, false), ...resolved }
      }
      const related = spec.related?.(value) ?? []
      const ctx = await presentContext(handler.principal, abilities, related, this.deps)
      const body = spec.present(value, ctx)
      const status = spec.statusOf?.(value) ?? spec.status ?? successStatus(req.method, true)
      const headers = spec.headers?.(value)
      if (body instanceof Readable) return { status, stream: body, headers, ...resolved }
      if (spec.contentType === 'text/plain') {
        const text = Buffer.isBuffer(body)
          ? body
          : Buffer.from(typeof body === 'string' ? body : '')
        return { status, text, headers, ...resolved }
      }
      return { status, json: body, headers, ...resolved }
    })
  }

  /**
   * Mounts a route: its path requirements, then (for a cached GET) the cached
   * answer of this viewer, else the route itself; a successful write evicts
   * what it changed here and on every replica before it is answered.
   */
  private register(
    method: Method,
    path: string,
    spec: Pick<RouteSpec<ParamShape>, 'params' | 'requirements' | 'cache' | 'area' | 'entity'>,
    operation: Omit<Operation, 'shape'>,
    run: (req: Request, authenticated: Authenticated | undefined) => Promise<Reply>,
  ): void {
    const template = `${this.prefix}${path}`
    this.known.push({ method: method.toUpperCase(), pattern: templatePattern(template) })
    const cache = spec.cache ? this.deps.responseCache : undefined
    const handler: RequestHandler = async (req, res, next) => {
      const unmet = Object.entries(spec.requirements ?? {}).some(
        ([name, pattern]) => !pattern.test(String(req.params[name])),
      )
      if (unmet) {
        next()
        return
      }
      res.locals['route'] = template
      if (!cache) {
        const reply = await run(req, undefined)
        if (method !== 'get' && reply.status < 400) {
          await this.deps.changes?.written({
            tags: writtenTags(reply, pathUserIds(receivedPath(req))),
            actor: reply.actorId,
          })
        }
        await sendReply(res, reply)
        return
      }
      const authenticated = await authenticateRequest(req, this.deps)
      const { principal } = authenticated
      const key = cacheKey(principal, req.originalUrl)
      const hit = cache.get(key, principal.user?.id)
      if (hit) {
        sendCached(req, res, hit)
        return
      }
      const started = cache.begin()
      const reply = await run(req, authenticated)
      if (reply.status !== 200 || reply.json === undefined) {
        await sendReply(res, reply)
        return
      }
      const serialized = serializeReply(reply, dependencyTags(reply, principal), template)
      cache.store(key, serialized, started)
      sendCached(req, res, serialized)
    }
    const declared = {
      ...operation,
      shape: spec.params ?? {},
      ...(spec.area !== undefined && { area: spec.area }),
      ...(spec.entity !== undefined && { entity: spec.entity }),
    }
    this.router[method](path, declareOperation(handler, declared))
  }
}

/** What a success answers with, for the route table: from the presenter and content type. */
function bodyKind(spec: {
  present?: unknown
  contentType?: RouteSpec['contentType']
}): Operation['body'] {
  if (spec.present === undefined) return 'none'
  if (spec.contentType === 'binary') return 'binary'
  return spec.contentType === 'text/plain' ? 'text' : 'json'
}

/**
 * A streamed answer: its headers, then its bytes as the stream gives them. A
 * HEAD request, or a client that goes away, stops the stream; a stream that
 * fails midway cuts the response off (its status is already sent).
 */
async function sendStream(res: Response, reply: Reply & { stream: Readable }): Promise<void> {
  res.status(reply.status)
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value)
  if (res.req.method === 'HEAD') {
    reply.stream.destroy()
    res.end()
    return
  }
  try {
    await pipeline(reply.stream, res)
  } catch {
    // The client left, or the source failed after the headers: nothing more can be said.
    res.destroy()
  }
}

/** Sends a route's answer as GitLab would: JSON (exact Content-Type), text, a stream, or nothing. */
async function sendReply(res: Response, reply: Reply): Promise<void> {
  if (reply.stream !== undefined) {
    await sendStream(res, { ...reply, stream: reply.stream })
    return
  }
  if (reply.text !== undefined) {
    // The route's own headers may name another Content-Type (a raw file's); setHeader,
    // unlike res.set, sends it as given, without a charset added.
    res.status(reply.status)
    for (const [name, value] of Object.entries({
      'Content-Type': 'text/plain',
      ...reply.headers,
    })) {
      res.setHeader(name, value)
    }
    res.send(reply.text)
    return
  }
  sendJson(res, reply.status, reply.json, reply.headers)
}
