import { Router, type Response } from 'express'
import type { Registry } from '@suite/runtime'
import { sendJson } from '../middleware/json-response.js'

/** One dependency the gateway needs to serve: a name and a check that never throws. */
export interface ReadinessCheck {
  name: string
  check: () => Promise<boolean>
  /** Asked only by `/-/readiness?all=1` (roles the gateway does not call, such as workers). */
  onlyAll?: boolean
}

function label(res: Response, route: string): void {
  res.locals['route'] = route
}

/**
 * GitLab's probes: /-/health answers "GitLab OK" while the process runs,
 * /-/liveness {"status":"ok"}, /-/readiness one `<name>_check` per dependency
 * (every domain service's gRPC health, PostgreSQL, Redis) with 503 if any
 * fails; `?all=1` adds the roles the gateway does not call (the workers).
 * /metrics is Prometheus text.
 */
export function healthRoutes(checks: readonly ReadinessCheck[], registry: Registry): Router {
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
        .filter((check) => all || !check.onlyAll)
        .map(async ({ name, check }) => [name, await check().catch(() => false)] as const),
    )
    const ready = results.every(([, ok]) => ok)
    const body: Record<string, unknown> = { status: ready ? 'ok' : 'failed' }
    for (const [name, ok] of results) {
      body[`${name.replace(/-/g, '_')}_check`] = [{ status: ok ? 'ok' : 'failed' }]
    }
    sendJson(res, ready ? 200 : 503, body)
  })
  router.get('/metrics', async (_req, res) => {
    label(res, '/metrics')
    const text = await registry.metrics()
    res.set('Content-Type', registry.contentType).send(text)
  })
  return router
}
