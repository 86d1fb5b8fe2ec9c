import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api'

/**
 * OpenTelemetry tracing with the standard SDK, off unless the standard
 * OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set:
 * spans go to that OTLP/HTTP endpoint, and W3C trace context travels with the
 * work across the suite's own boundaries: the gateway's HTTP requests, every
 * gRPC call (metadata), and BullMQ jobs and outbox rows (`meta.trace`). Off,
 * the API's no-op tracer is all there is and nothing is injected.
 */
let enabled = false

/** A W3C trace context carrier: traceparent and, if any, tracestate. */
export type TraceCarrier = Record<string, string>

const tracer = () => trace.getTracer('gitlab-suite')

export function tracingEnabled(): boolean {
  return enabled
}

/**
 * Starts the SDK for one process when the environment asks for it; returns
 * what flushes and stops it (undefined when tracing is off). OTEL_SERVICE_NAME
 * wins over `serviceName`. The SDK is loaded only then: its exporter alone is
 * a sixth of a process's start, which a restarted role should not pay for.
 */
export async function startTracing(
  serviceName: string,
  environment: NodeJS.ProcessEnv = process.env,
): Promise<(() => Promise<void>) | undefined> {
  const endpoint =
    environment['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'] || environment['OTEL_EXPORTER_OTLP_ENDPOINT']
  if (!endpoint || enabled) return undefined
  const [
    { OTLPTraceExporter },
    { resourceFromAttributes },
    { BatchSpanProcessor, NodeTracerProvider },
  ] = await Promise.all([
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-node'),
  ])
  if (enabled) return undefined
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': environment['OTEL_SERVICE_NAME'] || `gitlab-suite-${serviceName}`,
    }),
    // The exporter reads the standard OTEL_EXPORTER_OTLP_* variables itself.
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  })
  // Sets the global provider, an AsyncLocalStorage context manager and the W3C propagators.
  provider.register()
  enabled = true
  return () => provider.shutdown()
}

/** The active trace context, to carry in a message; undefined when tracing is off. */
export function currentTraceCarrier(): TraceCarrier | undefined {
  if (!enabled) return undefined
  const carrier: TraceCarrier = {}
  propagation.inject(context.active(), carrier)
  return Object.keys(carrier).length > 0 ? carrier : undefined
}

/** The context a carrier names (the active one without it). */
export function contextFrom(carrier: Readonly<Record<string, unknown>> | undefined): Context {
  if (!enabled || !carrier) return context.active()
  return propagation.extract(context.active(), carrier)
}

/**
 * Runs `fn` in a span named `name` under `parent` (a carrier from another
 * process, or the active context), ending it with fn's outcome. Without
 * tracing, `fn` runs as it is.
 */
export async function inSpan<T>(
  name: string,
  options: { kind: SpanKind; attributes?: Attributes; parent?: TraceCarrier | undefined },
  fn: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!enabled) return fn(undefined)
  const parent = options.parent ? contextFrom(options.parent) : context.active()
  const span = tracer().startSpan(
    name,
    { kind: options.kind, attributes: options.attributes },
    parent,
  )
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span))
  } catch (error) {
    span.recordException(error instanceof Error ? error : String(error))
    span.setStatus({ code: SpanStatusCode.ERROR })
    throw error
  } finally {
    span.end()
  }
}

/** Starts a span that the caller ends, and the context it is active in. */
export function startSpan(
  name: string,
  kind: SpanKind,
  parent: Context,
  attributes?: Attributes,
): { span: Span; context: Context } | undefined {
  if (!enabled) return undefined
  const span = tracer().startSpan(name, { kind, attributes }, parent)
  return { span, context: trace.setSpan(parent, span) }
}

/** Runs `fn` in `ctx` (no-op without tracing). */
export function withContext<T>(ctx: Context | undefined, fn: () => T): T {
  return enabled && ctx ? context.with(ctx, fn) : fn()
}

export { SpanKind, SpanStatusCode }
