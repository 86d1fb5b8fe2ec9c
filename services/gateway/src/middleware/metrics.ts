import type { RequestHandler } from 'express'
import { Counter, Histogram, LATENCY_BUCKETS, type Registry } from '@suite/runtime'

/** The route label of a request no route matched: never the raw path. */
export const UNMATCHED_ROUTE = 'unmatched'

/**
 * Times every request by method, route template (set by the route in
 * res.locals.route) and status, and counts requests and server errors.
 */
export function httpMetrics(registry: Registry): RequestHandler {
  const labelNames = ['method', 'route', 'status'] as const
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route template and status',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route template and status',
    labelNames,
    registers: [registry],
  })
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP requests answered with a server error (5xx)',
    labelNames,
    registers: [registry],
  })
  return (req, res, next) => {
    const stop = duration.startTimer()
    res.once('finish', () => {
      const route: unknown = res.locals['route']
      const labels = {
        method: req.method,
        route: typeof route === 'string' ? route : UNMATCHED_ROUTE,
        status: String(res.statusCode),
      }
      stop(labels)
      requests.inc(labels)
      if (res.statusCode >= 500) errors.inc(labels)
    })
    next()
  }
}
