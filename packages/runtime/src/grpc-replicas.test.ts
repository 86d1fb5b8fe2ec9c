import { status, type Client, type ServiceError } from '@grpc/grpc-js'
import { Redis } from 'ioredis'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { createClient } from './grpc-client.js'
import { GrpcServer } from './grpc-server.js'
import { replicaTarget } from './grpc-target.js'
import { DEFAULT_BREAKER, type BreakerOptions } from './upstream-breaker.js'
import { generateInternalSecret } from './internal-credential.js'
import { createLogger } from './logger.js'
import { createRegistry } from './metrics.js'
import { runWithRequestId } from './request-context.js'
import { setQueuePrefix } from './queues.js'
import { jsonUnaryService } from './testing/json-service.js'
import { OUTCOME_UNKNOWN, WriteReceipts } from './write-receipts.js'

// Issue 28, point 4: a client of a target that lists two replicas (`ipv4:a,b`, as `npm start`
// writes with REPLICAS=2) balances over them itself, with a channel and a circuit breaker per
// replica. Real servers on loopback ports, each behind a TCP relay on the port the client
// calls: a replica is killed as `kill -9` kills a process, its connections reset and its port
// closed (the relay's), with no goodbye from gRPC. Both keep write receipts in one real Redis,
// as the replicas of a service do.

interface Echo {
  tag: string
  replica?: string
}
const { definition, Client: EchoClient } = jsonUnaryService<Echo>('test.Echo', 'Echo')
const SECRET = generateInternalSecret()
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
// Receipts live under the installation's prefix; this file's own, so that no run meets another's.
setQueuePrefix(`test-replicas-${SECRET.slice(0, 8)}`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Waits until a replica's handler is running its first call (connecting may take a while on a
 * busy machine: a fixed wait failed in CI).
 */
/** How long a call killed in flight runs: well past the time to notice it arrived. */
const IN_FLIGHT_MS = 3_000

async function reached(replica: Replica): Promise<void> {
  const until = Date.now() + 5_000
  while (replica.calls === 0 && Date.now() < until) await sleep(5)
  expect(replica.calls).toBe(1)
}

interface Replica {
  name: string
  server: GrpcServer
  /** The port clients call: the relay's. */
  port: number
  relay: Server
  sockets: Set<Socket>
  calls: number
  /** How long the handler takes before answering. */
  delayMs: number
  /** Ends the handlers still waiting out `delayMs`. */
  pending: Set<() => void>
  /** Its own connection, for its write receipts. */
  redis: Redis
}

async function startReplica(name: string, port = 0): Promise<Replica> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 })
  await new Promise((resolve) => redis.once('ready', resolve))
  const server = new GrpcServer({
    service: 'echo',
    logger: createLogger('echo', 'silent'),
    registry: createRegistry('echo'),
    internalSecret: SECRET,
    receipts: new WriteReceipts(redis, 'echo', SECRET),
  })
  const replica: Replica = {
    name,
    server,
    port: 0,
    relay: createServer(),
    sockets: new Set(),
    calls: 0,
    delayMs: 0,
    pending: new Set(),
    redis,
  }
  server.add(
    definition,
    {
      echo: server.unary<Echo, Echo>('Echo', async (request) => {
        replica.calls++
        if (replica.delayMs > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, replica.delayMs)
            // A killed replica's handler ends at once (its answer goes nowhere).
            replica.pending.add(() => {
              clearTimeout(timer)
              resolve()
            })
          })
        }
        return { tag: request.tag, replica: name }
      }),
    },
    'test.Echo',
  )
  const serverPort = await server.listen('127.0.0.1', 0)
  replica.relay.on('connection', (client) => {
    const upstream = connect(serverPort, '127.0.0.1')
    for (const socket of [client, upstream]) {
      replica.sockets.add(socket)
      socket.on('close', () => replica.sockets.delete(socket))
      socket.on('error', () => undefined)
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => replica.relay.listen(port, '127.0.0.1', resolve))
  replica.port = (replica.relay.address() as { port: number }).port
  return replica
}

/**
 * Every connection reset, the port closed, no GOAWAY. As `kill -9` (`dies`) the replica's calls
 * never end and its receipts are no longer kept alive; otherwise its calls still end (their
 * answers go nowhere), as when only its connections broke.
 */
async function kill(replica: Replica, dies = false): Promise<void> {
  replica.relay.close()
  for (const socket of replica.sockets) socket.resetAndDestroy()
  if (dies) replica.redis.disconnect()
  if (!dies) {
    for (const end of replica.pending) end()
    replica.pending.clear()
  }
  await replica.server.shutdown(0)
  if (!dies) await replica.redis.quit().catch(() => undefined)
}

function clientOf(
  replicas: Replica[],
  options: { retries?: number; deadlineMs?: number; breaker?: BreakerOptions } = {},
) {
  const registry = createRegistry('caller')
  const { raw, rpc } = createClient(EchoClient as unknown as new () => Client, {
    address: replicaTarget(replicas.map((replica) => `127.0.0.1:${replica.port}`)),
    registry,
    internalSecret: SECRET,
    deadlineMs: options.deadlineMs ?? 2_000,
    ...(options.retries === undefined ? {} : { retries: options.retries }),
    ...(options.breaker === undefined ? {} : { breaker: options.breaker }),
  })
  const echo = (rpc as unknown as Record<string, (request: Echo) => Promise<Echo>>)['echo']!
  return { raw, echo, registry }
}

describe('a client of two replicas', () => {
  let a: Replica
  let b: Replica
  const closers: (() => void)[] = []

  beforeEach(async () => {
    a = await startReplica('a')
    b = await startReplica('b')
  })

  afterEach(async () => {
    for (const close of closers.splice(0)) close()
    await Promise.all([kill(a), kill(b)])
  })

  it('spreads calls over both in turn', async () => {
    const { raw, echo } = clientOf([a, b])
    closers.push(() => raw.close())
    for (let i = 0; i < 20; i++) await echo({ tag: `call ${i}` })
    expect([a.calls, b.calls]).toEqual([10, 10])
  })

  it('opens the breaker of a slow replica only, and sends every call to the other', async () => {
    // The breaker stays open for the whole test (a busy machine could reach the default 1 s
    // before it lets one call try the slow replica again).
    const breaker = { ...DEFAULT_BREAKER, resetTimeoutMs: 60_000 }
    const { raw, echo, registry } = clientOf([a, b], { deadlineMs: 300, breaker })
    closers.push(() => raw.close())
    a.delayMs = 2_000
    const first = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => echo({ tag: `first ${i}` })),
    )
    const failedFirst = first.filter((result) => result.status === 'rejected')
    // The slow replica fails its calls until five in a row open its breaker.
    expect(failedFirst.length).toBeGreaterThan(0)
    expect(failedFirst.length).toBeLessThanOrEqual(10)
    const answered = []
    for (let i = 0; i < 20; i++) answered.push((await echo({ tag: `then ${i}` })).replica)
    expect(answered).toEqual(Array.from({ length: 20 }, () => 'b'))
    const open = (await registry.getSingleMetric('grpc_client_circuit_open')?.get())?.values ?? []
    const stateOf = (replica: Replica) =>
      open.find((value) => value.labels['upstream'] === `127.0.0.1:${replica.port}`)?.value
    expect([stateOf(a), stateOf(b)]).toEqual([1, 0])
  })

  it('sends writes to the survivor when one replica dies, without a failed call', async () => {
    const { raw, echo } = clientOf([a, b])
    closers.push(() => raw.close())
    await echo({ tag: 'warm a' })
    await echo({ tag: 'warm b' })
    await kill(a)
    // A call sent in the moment before the client reads the reset can meet it (the in-flight
    // case below); once it has, no write fails.
    await sleep(100)
    const answered = []
    for (let i = 0; i < 20; i++) answered.push((await echo({ tag: `write ${i}` })).replica)
    expect(answered).toEqual(Array.from({ length: 20 }, () => 'b'))
  })

  it('calls a replica again within about two seconds of its coming back', async () => {
    const { raw, echo } = clientOf([a, b])
    closers.push(() => raw.close())
    await kill(a)
    for (let i = 0; i < 10; i++) await echo({ tag: `while a is down ${i}` })
    const port = a.port
    await sleep(3_000)
    a = await startReplica('a', port)
    const backAt = Date.now()
    let reachedAfter = Number.POSITIVE_INFINITY
    while (Date.now() - backAt < 8_000) {
      if ((await echo({ tag: 'after' })).replica === 'a') {
        reachedAfter = Date.now() - backAt
        break
      }
      await sleep(50)
    }
    // Reconnection waits at most 1 s (+20% jitter); the rest is slack for a busy machine.
    expect(reachedAfter).toBeLessThan(2_500)
  }, 20_000)

  it('answers a read whose replica died during the call from the other replica', async () => {
    const { raw, echo } = clientOf([a, b], { retries: 2, deadlineMs: 10_000 })
    closers.push(() => raw.close())
    a.delayMs = IN_FLIGHT_MS
    const read = echo({ tag: 'read' })
    await reached(a)
    void kill(a)
    await expect(read).resolves.toEqual({ tag: 'read', replica: 'b' })
  })

  it('answers a write whose connection broke during the call with its one run’s outcome', async () => {
    const { raw, echo } = clientOf([a, b], { deadlineMs: 10_000 })
    closers.push(() => raw.close())
    a.delayMs = IN_FLIGHT_MS
    const write = echo({ tag: 'write' })
    await reached(a)
    // The client hears "Connection dropped" and sends the write again, under the same key, to
    // b, which waits for a's receipt instead of running it.
    void kill(a)
    await expect(write).resolves.toEqual({ tag: 'write', replica: 'a' })
    expect([a.calls, b.calls]).toEqual([1, 0])
  })

  it('fails a write whose replica died during the call: it may have run, so it is not run again', async () => {
    const { raw, echo } = clientOf([a, b], { deadlineMs: 10_000 })
    closers.push(() => raw.close())
    a.delayMs = IN_FLIGHT_MS
    const write = echo({ tag: 'write' })
    await reached(a)
    void kill(a, true)
    const error = (await write.catch((caught: unknown) => caught)) as ServiceError
    // b waited for a's receipt, which expired within two seconds of a's death.
    expect(error.code).toBe(status.UNAVAILABLE)
    expect(error.details).toBe(OUTCOME_UNKNOWN)
    expect(b.calls).toBe(0)
  })

  it('runs such a write on the other replica when its HTTP request is a PUT or DELETE', async () => {
    const { raw, echo } = clientOf([a, b], { deadlineMs: 10_000 })
    closers.push(() => raw.close())
    a.delayMs = IN_FLIGHT_MS
    const controller = new AbortController()
    const write = runWithRequestId('req-put', () => echo({ tag: 'put' }), controller.signal, true)
    await reached(a)
    void kill(a, true)
    await expect(write).resolves.toEqual({ tag: 'put', replica: 'b' })
  })
})
