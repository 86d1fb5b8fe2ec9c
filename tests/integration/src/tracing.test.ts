import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { api, eventually } from './support/api'
import { projectWithReadme } from './support/projects'
import {
  privateRedisUnavailable,
  startPrivateSuite,
  type PrivateSuite,
} from './support/private-suite'
import { describeUnless } from './support/skip'

// Issue 15, point 4: OpenTelemetry tracing across gateway -> gRPC -> BullMQ, off by default
// and on with the standard OTEL_EXPORTER_OTLP_ENDPOINT. A private suite exports to an
// OTLP/HTTP receiver this test runs on loopback; one request with a known traceparent must
// come back as spans of the gateway, of the services it called, and of the worker that ran
// the job it caused, all in that trace.

interface ReceivedSpan {
  service: string
  traceId: string
  name: string
  kind: number
}

interface OtlpJson {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] }
    scopeSpans?: { spans?: { traceId: string; name: string; kind: number }[] }[]
  }[]
}

/** An OTLP/HTTP trace receiver (JSON, as @opentelemetry/exporter-trace-otlp-http sends it). */
async function startReceiver(): Promise<{ server: Server; url: string; spans: ReceivedSpan[] }> {
  const spans: ReceivedSpan[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpJson
        for (const resource of body.resourceSpans ?? []) {
          const service =
            resource.resource?.attributes?.find((a) => a.key === 'service.name')?.value
              .stringValue ?? ''
          for (const scope of resource.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              spans.push({ service, traceId: span.traceId, name: span.name, kind: span.kind })
            }
          }
        }
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { server, url: `http://127.0.0.1:${port}`, spans }
}

describeUnless(privateRedisUnavailable(), 'tracing.test.ts')('OpenTelemetry tracing', () => {
  let suite: PrivateSuite
  let receiver: Awaited<ReturnType<typeof startReceiver>>

  beforeAll(async () => {
    receiver = await startReceiver()
    suite = await startPrivateSuite({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      // Export within a fraction of a second, not the default five.
      OTEL_BSP_SCHEDULE_DELAY: '200',
    })
  }, 180_000)

  afterAll(async () => {
    await suite?.stop()
    await new Promise((resolve) => receiver?.server.close(resolve))
  })

  it('follows one request from the gateway through gRPC into the job it queued', async () => {
    const { owner, project } = await projectWithReadme()
    const traceId = randomBytes(16).toString('hex')
    const res = await api(`/projects/${project.id}/repository/branches`, {
      method: 'POST',
      token: owner.token,
      form: { branch: 'traced', ref: 'main' },
      headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    })
    expect(res.status).toBe(201)
    const inTrace = () => receiver.spans.filter((span) => span.traceId === traceId)
    const expected = [
      'gitlab-suite-gateway',
      'gitlab-suite-projects-repository',
      'gitlab-suite-merge-requests-worker',
    ]
    const arrived = await eventually(() => {
      const services = new Set(inTrace().map((span) => span.service))
      return Promise.resolve(expected.every((service) => services.has(service)))
    }, 20_000)
    expect([arrived, [...new Set(inTrace().map((span) => span.service))].sort()]).toEqual([
      true,
      expect.arrayContaining(expected),
    ])
    const names = inTrace().map((span) => `${span.service} ${span.name}`)
    expect(names).toEqual(
      expect.arrayContaining([
        `gitlab-suite-gateway POST /api/v4/projects/:id/repository/branches`,
        expect.stringMatching(/^gitlab-suite-projects-repository projects\/CreateBranch$/),
        `gitlab-suite-merge-requests-worker repository.branch-updates process`,
      ]),
    )
  }, 60_000)
})
