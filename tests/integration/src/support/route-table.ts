import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'

/** One route of the gateway, as its route table prints it. */
export interface RouteJson {
  method: string
  /** Express template from the root: `/api/v4/projects/:id`, `/:full_path/alerts/notify.json`. */
  path: string
  /** Parameter names the route declares, path parameters included. */
  params: string[]
}

const PRINT_ROUTE_TABLE = resolve(
  __dirname,
  '../../../../services/gateway/dist/print-route-table.js',
)

/**
 * The gateway's route table, read from the built gateway's own router (the
 * program prints it and exits; nothing of the gateway is imported here).
 */
export function gatewayRoutes(): RouteJson[] {
  const output = execFileSync(process.execPath, [PRINT_ROUTE_TABLE], {
    encoding: 'utf8',
    timeout: 30_000,
  })
  return JSON.parse(output) as RouteJson[]
}

/** The routes a client reaches with arbitrary input: the API and alert ingestion, not the probes. */
export function fuzzableRoutes(routes: readonly RouteJson[]): RouteJson[] {
  return routes.filter((route) => !route.path.startsWith('/-/') && route.path !== '/metrics')
}

/** `:name` and `*name` placeholders of a template, in order. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/[:*]([A-Za-z_]+)/g)].map((match) => match[1] ?? '')
}
