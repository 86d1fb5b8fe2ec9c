import type { Express } from 'express'
import type { ParamShape } from './params/parse-params.js'

/** What an ApiRouter route declares beyond its parameter names, for the OpenAPI document. */
export interface Operation {
  /** The declared parameters with their coercions (types, defaults, values). */
  shape: ParamShape
  /** The success status; undefined where Grape's default for the method applies. */
  status?: number
  /** A paginated list: page and per_page, and the pagination headers. */
  list: boolean
  /** Whether a success has a body (a presenter), and of which type. */
  body: 'json' | 'text' | 'binary' | 'none'
  /** The area the route declares, if it names one (else route-areas.ts's patterns place it). */
  area?: string
  /** The entity schema the route declares it answers, if it names one. */
  entity?: string
}

/** One route the gateway answers: its method, path template and declared parameters. */
export interface RouteEntry {
  method: string
  /** Express template from the root, e.g. `/api/v4/projects/:id/merge_requests/:merge_request_iid`. */
  path: string
  /** Parameter names the route declares (query or body), path parameters included. */
  params: string[]
  /** Declared by ApiRouter: the shapes behind the names; absent for other handlers. */
  operation?: Operation
}

type Declared = Omit<RouteEntry, 'params'> & { params?: readonly string[] }

const DECLARED_ROUTES = Symbol.for('suite.gateway.declaredRoutes')
const DECLARED_PARAMS = Symbol.for('suite.gateway.declaredParams')
const DECLARED_OPERATION = Symbol.for('suite.gateway.declaredOperation')

type Tagged = Partial<Record<typeof DECLARED_ROUTES, readonly Declared[]>> &
  Partial<Record<typeof DECLARED_PARAMS, readonly string[]>> &
  Partial<Record<typeof DECLARED_OPERATION, Operation>>

/**
 * Marks a middleware that matches paths itself (alert ingestion) with the
 * routes it answers, so that the route table lists them.
 */
export function declareRoutes<H extends object>(handler: H, routes: readonly Declared[]): H {
  return Object.assign(handler, { [DECLARED_ROUTES]: routes })
}

/** Marks a route's handler with the parameter names its spec declares. */
export function declareParams<H extends object>(handler: H, names: readonly string[]): H {
  return Object.assign(handler, { [DECLARED_PARAMS]: names })
}

/** Marks a route's handler with its operation (shapes, status, list), declaring its names too. */
export function declareOperation<H extends object>(handler: H, operation: Operation): H {
  return Object.assign(declareParams(handler, Object.keys(operation.shape)), {
    [DECLARED_OPERATION]: operation,
  })
}

/** The parts of router 2's Layer and Route read here. */
interface Layer {
  rawPath?: unknown
  handle?: unknown
  route?: { path: unknown; methods: Record<string, boolean>; stack: Layer[] }
}

function stackOf(handle: unknown): Layer[] | undefined {
  const stack = (handle as { stack?: unknown } | undefined)?.stack
  return typeof handle === 'function' && Array.isArray(stack) ? (stack as Layer[]) : undefined
}

function joined(prefix: string, path: unknown): string {
  return typeof path === 'string' && path !== '/' ? `${prefix}${path}` : prefix
}

function pathParams(path: string): string[] {
  return [...path.matchAll(/[:*]([A-Za-z_]+)/g)].map((match) => match[1] ?? '')
}

function collect(stack: readonly Layer[], prefix: string, out: RouteEntry[]): void {
  for (const layer of stack) {
    const tagged = layer.handle as Tagged | undefined
    if (layer.route) {
      const path = joined(prefix, layer.route.path)
      const declared = layer.route.stack.flatMap(
        (inner) => (inner.handle as Tagged | undefined)?.[DECLARED_PARAMS] ?? [],
      )
      const params = [...new Set([...pathParams(path), ...declared])]
      const operation = layer.route.stack
        .map((inner) => (inner.handle as Tagged | undefined)?.[DECLARED_OPERATION])
        .find((found) => found !== undefined)
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on && method !== '_all') {
          out.push({ method: method.toUpperCase(), path, params, ...(operation && { operation }) })
        }
      }
    } else if (tagged?.[DECLARED_ROUTES]) {
      for (const route of tagged[DECLARED_ROUTES]) {
        const path = joined(prefix, route.path)
        out.push({ ...route, path, params: [...pathParams(path), ...(route.params ?? [])] })
      }
    } else {
      const inner = stackOf(layer.handle)
      if (inner) collect(inner, joined(prefix, layer.rawPath), out)
    }
  }
}

/**
 * Every route the application answers, read from its router stack (nested
 * routers included) and the routes path-matching middleware declare; one
 * entry per method and template.
 */
export function routeTable(app: Express): RouteEntry[] {
  const out: RouteEntry[] = []
  collect((app as unknown as { router: { stack: Layer[] } }).router.stack, '', out)
  const seen = new Map<string, RouteEntry>()
  for (const entry of out) {
    const key = `${entry.method} ${entry.path}`
    const known = seen.get(key)
    if (known) known.params = [...new Set([...known.params, ...entry.params])]
    else seen.set(key, entry)
  }
  return [...seen.values()]
}
