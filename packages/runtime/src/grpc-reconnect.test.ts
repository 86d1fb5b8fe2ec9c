import type { Client } from '@grpc/grpc-js'
import { createClient } from './grpc-client.js'
import { GrpcServer } from './grpc-server.js'
import { generateInternalSecret } from './internal-credential.js'
import { createLogger } from './logger.js'
import { createRegistry } from './metrics.js'
import { jsonUnaryService } from './testing/json-service.js'

// A role killed and started again (as the launcher or Kubernetes does) must be
// called again as soon as it listens. grpc-js waits between connection attempts
// to a dead address with a backoff that grows by 1.6 from 1 s up to 2 minutes
// by default: after six seconds of outage its next attempt came about 3 s after
// the role was back. The clients cap that wait (createClient).

interface Echo {
  tag: string
}
const { definition, Client: EchoClient } = jsonUnaryService<Echo>('test.Echo', 'Echo')
const SECRET = generateInternalSecret()

async function startServer(port: number): Promise<{ server: GrpcServer; port: number }> {
  const server = new GrpcServer({
    service: 'echo',
    logger: createLogger('echo', 'silent'),
    registry: createRegistry('echo'),
    internalSecret: SECRET,
  })
  server.add(
    definition,
    { echo: server.unary<Echo, Echo>('Echo', (request) => Promise.resolve(request)) },
    'test.Echo',
  )
  return { server, port: await server.listen('127.0.0.1', port) }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('a client whose upstream restarts', () => {
  it('calls it again within about a second of its coming back, after a long outage', async () => {
    const first = await startServer(0)
    const { raw, rpc } = createClient(EchoClient as unknown as new () => Client, {
      address: `127.0.0.1:${first.port}`,
      registry: createRegistry('caller'),
      internalSecret: SECRET,
      deadlineMs: 2_000,
    })
    const echo = (rpc as unknown as Record<string, (request: Echo) => Promise<Echo>>)['echo']!
    expect(await echo({ tag: 'before' })).toEqual({ tag: 'before' })

    await first.server.shutdown(0)
    // Six seconds of callers finding it down, as while a role boots on a busy machine.
    const downUntil = Date.now() + 6_000
    while (Date.now() < downUntil) {
      await expect(echo({ tag: 'down' })).rejects.toBeDefined()
      await sleep(100)
    }

    const second = await startServer(first.port)
    const backAt = Date.now()
    let answeredAfter = Number.POSITIVE_INFINITY
    while (Date.now() - backAt < 10_000) {
      const ok = await echo({ tag: 'after' }).then(
        () => true,
        () => false,
      )
      if (ok) {
        answeredAfter = Date.now() - backAt
        break
      }
      await sleep(50)
    }
    raw.close()
    await second.server.shutdown(0)
    // Reconnection waits at most 1 s (+20% jitter); the upstream's breaker
    // retries after its 1 s reset; the rest is slack for a busy machine.
    expect(answeredAfter).toBeLessThan(2_000)
  }, 30_000)
})
