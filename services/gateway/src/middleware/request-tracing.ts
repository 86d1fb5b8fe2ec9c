import type { RequestHandler } from 'express'
import { contextFrom, SpanKind, SpanStatusCode, startSpan, withContext } from '@suite/runtime'

/**
 * A server span per HTTP request, child of the caller's `traceparent` if it
 * sent one, named by the route template once the route is known (never the
 * raw path); the gRPC calls and jobs the request causes become its children.
 * Installed only when tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT).
 */
export function requestTracing(): RequestHandler {
  return (req, res, next) => {
    const traced = startSpan(req.method, SpanKind.SERVER, contextFrom(req.headers), {
      'http.request.method': req.method,
    })
    if (!traced) {
      next()
      return
    }
    res.on('finish', () => {
      const route = typeof res.locals['route'] === 'string' ? res.locals['route'] : 'unmatched'
      traced.span.updateName(`${req.method} ${route}`)
      traced.span.setAttribute('http.route', route)
      traced.span.setAttribute('http.response.status_code', res.statusCode)
      if (res.statusCode >= 500) traced.span.setStatus({ code: SpanStatusCode.ERROR })
      traced.span.end()
    })
    withContext(traced.context, next)
  }
}
