import { createServer, type Server } from 'node:http'
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client'

export { Counter, Gauge, Histogram, Registry } from 'prom-client'

/** One registry per process, labelled with the service name. */
export function createRegistry(service: string): Registry {
  const registry = new Registry()
  registry.setDefaultLabels({ service })
  collectDefaultMetrics({ register: registry })
  return registry
}

export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export function grpcHistogram(registry: Registry, side: 'server' | 'client'): Histogram<string> {
  return new Histogram({
    name: `grpc_${side}_handling_seconds`,
    help: `gRPC ${side} call latency by method and status code`,
    labelNames: ['method', 'code'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
}

/** Serves GET /metrics in Prometheus text format on its own port. */
export async function startMetricsServer(
  registry: Registry,
  port: number,
  host: string,
): Promise<Server> {
  const server = createServer((req, res) => {
    // Liveness asks only whether this process answers: never Redis or the database, so that
    // an outage of either does not restart healthy workers (a scrape can stall on them).
    if (req.method === 'GET' && req.url === '/-/liveness') {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end('{"status":"ok"}')
      return
    }
    if (req.method === 'GET' && req.url === '/metrics') {
      registry
        .metrics()
        .then((body) => {
          res.writeHead(200, { 'Content-Type': registry.contentType })
          res.end(body)
        })
        .catch(() => {
          res.writeHead(500).end()
        })
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  return server
}
