import { Router, type Response } from 'express'
import type { Registry } from '@suite/runtime'
import { sendJson } from '../middleware/json-response.js'

/** One thing readiness reports: a name and a check that never throws. */
export interface ReadinessCheck {
  name: string
  check: () => Promise<boolean>
  /**
   * The gateway itself cannot serve without it (it is draining, say): plain
   * `/-/readiness` fails on it. Every other check (domain services, the
   * database, Redis, workers) is asked only by `/-/readiness?all=1`, so that
   * one dead domain leaves the gateways ready to answer every other domain
   * (and 503 for that domain's routes) instead of taking them all out of the Service.
   */
  gateway?: boolean
}

function label(res: Response, route: string): void {
  res.locals['route'] = route
}

/**
 * GitLab's probes: /-/health answers "GitLab OK" while the process runs,
 * /-/liveness {"status":"ok"}, /-/readiness one `<name>_check` per check of
 * the gateway itself, 503 if one fails; `?all=1` asks every dependency too
 * (each domain service's gRPC health, PostgreSQL, Redis, the workers).
 * /metrics is Prometheus text; with `metrics: false` it is left to the
 * metrics port (see metricsRoutes).
 */
export function healthRoutes(
  checks: readonly ReadinessCheck[],
  registry: Registry,
  options: { metrics: boolean } = { metrics: true },
): Router {
  const router = Router()
  router.get('/-/health', (_req, res) => {
    label(res, '/-/health')
    res.type('text/plain').send('GitLab OK')
  })
  router.get('/-/liveness', (_req, res) => {
    label(res, '/-/liveness')
    sendJson(res, 200, { status: 'ok' })
  })
  router.get('/-/readiness', async (req, res) => {
    label(res, '/-/readiness')
    const all = req.query['all'] === '1' || req.query['all'] === 'true'
    const results = await Promise.all(
      checks
        .filter((check) => all || check.gateway === true)
        .map(async ({ name, check }) => [name, await check().catch(() => false)] as const),
    )
    const ready = results.every(([, ok]) => ok)
    const body: Record<string, unknown> = { status: ready ? 'ok' : 'failed' }
    for (const [name, ok] of results) {
      body[`${name.replace(/-/g, '_')}_check`] = [{ status: ok ? 'ok' : 'failed' }]
    }
    sendJson(res, ready ? 200 : 503, body)
  })
  if (options.metrics) router.get('/metrics', metricsHandler(registry))
  return router
}

function metricsHandler(registry: Registry) {
  return async (_req: unknown, res: Response) => {
    label(res, '/metrics')
    const text = await registry.metrics()
    res.set('Content-Type', registry.contentType).send(text)
  }
}

/**
 * The gateway's metrics port: /metrics and the probes, on a port that the
 * Ingress does not route to (METRICS_PORT), so scrapes and probes stay inside
 * the cluster.
 */
export function metricsRoutes(checks: readonly ReadinessCheck[], registry: Registry): Router {
  const router = healthRoutes(checks, registry, { metrics: false })
  router.get('/metrics', metricsHandler(registry))
  return router
}
