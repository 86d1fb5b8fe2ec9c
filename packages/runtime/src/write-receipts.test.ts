import { Metadata, status, type Client, type ServiceError } from '@grpc/grpc-js'
import { Redis } from 'ioredis'
import { randomUUID } from 'node:crypto'
import { ConflictError } from './errors.js'
import { createClient } from './grpc-client.js'
import { GrpcServer } from './grpc-server.js'
import {
  generateInternalSecret,
  INTERNAL_AUTH_METADATA_KEY,
  internalAuthValue,
} from './internal-credential.js'
import { createLogger } from './logger.js'
import { createRegistry } from './metrics.js'
import { setQueuePrefix } from './queues.js'
import { currentRequestSignal } from './request-context.js'
import { jsonUnaryService } from './testing/json-service.js'
import { WRITE_KEY_METADATA_KEY, WriteReceipts } from './write-receipts.js'

// A write call sent twice under one key (as a client does after its connection broke) runs
// once: a real server keeping receipts in a real Redis, called by a raw client that sets the
// key itself.

interface Write {
  tag: string
  /** What the handler does: answer, fail with a conflict, or wait for its cancel. */
  then?: 'answer' | 'conflict' | 'wait' | 'unavailable'
  token?: string
}
const { definition, Client: WriteClient } = jsonUnaryService<Write>('test.Write', 'Write')
const SECRET = generateInternalSecret()
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const PREFIX = `test-receipts-${SECRET.slice(0, 8)}`
setQueuePrefix(PREFIX)

let redis: Redis
let server: GrpcServer
let client: Client
let runs: string[]
let port: number

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 })
  await new Promise((resolve) => redis.once('ready', resolve))
  runs = []
  server = new GrpcServer({
    service: 'writes',
    logger: createLogger('writes', 'silent'),
    registry: createRegistry('writes'),
    internalSecret: SECRET,
    receipts: new WriteReceipts(redis, 'writes', SECRET),
  })
  server.add(
    definition,
    {
      write: server.unary<Write, Write>('Write', async (request) => {
        runs.push(request.tag)
        if (request.then === 'conflict') {
          throw new ConflictError('Branch already exists', { name: ['is taken'] })
        }
        if (request.then === 'unavailable') {
          // What a handler's statement timeout or a database outage becomes.
          throw Object.assign(new Error('database unavailable'), {
            code: status.UNAVAILABLE,
            details: 'Service Unavailable',
            metadata: new Metadata(),
          })
        }
        if (request.then === 'wait') {
          const signal = currentRequestSignal()
          await new Promise((resolve) => signal?.addEventListener('abort', resolve))
          throw new Error('cancelled')
        }
        return { tag: `${request.tag} done`, token: request.token ?? '' }
      }),
    },
    'test.Write',
  )
  port = await server.listen('127.0.0.1', 0)
  client = new (WriteClient as unknown as new (address: string, creds: unknown) => Client)(
    `127.0.0.1:${port}`,
    (await import('@grpc/grpc-js')).credentials.createInsecure(),
  )
})

afterAll(async () => {
  client.close()
  await server.shutdown(0)
  const keys = await redis.keys(`${PREFIX}:*`)
  if (keys.length > 0) await redis.del(...keys)
  await redis.quit()
})

function send(request: Write, writeKey: string): { answer: Promise<Write>; cancel: () => void } {
  const metadata = new Metadata()
  metadata.set(INTERNAL_AUTH_METADATA_KEY, internalAuthValue(SECRET))
  metadata.set(WRITE_KEY_METADATA_KEY, writeKey)
  let cancel = () => {}
  const answer = new Promise<Write>((resolve, reject) => {
    const call = (client as unknown as Record<string, (...args: unknown[]) => { cancel(): void }>)[
      'write'
    ]!.call(
      client,
      request,
      metadata,
      { deadline: Date.now() + 10_000 },
      (error: ServiceError | null, res: Write) => (error ? reject(error) : resolve(res)),
    )
    cancel = () => call.cancel()
  })
  return { answer, cancel }
}

describe('a keyed write', () => {
  it('runs once when sent twice, and the second attempt gets the first one’s answer', async () => {
    const key = randomUUID()
    const first = await send({ tag: 'a', token: 'glpat-secret-1234' }, key).answer
    const second = await send({ tag: 'a' }, key).answer
    expect(first).toEqual({ tag: 'a done', token: 'glpat-secret-1234' })
    expect(second).toEqual(first)
    expect(runs.filter((tag) => tag === 'a')).toHaveLength(1)
  })

  it('runs once when the second attempt arrives while the first still runs', async () => {
    const key = randomUUID()
    const answers = await Promise.all([
      send({ tag: 'b' }, key).answer,
      send({ tag: 'b' }, key).answer,
      send({ tag: 'b' }, key).answer,
    ])
    expect(answers).toEqual([
      { tag: 'b done', token: '' },
      { tag: 'b done', token: '' },
      { tag: 'b done', token: '' },
    ])
    expect(runs.filter((tag) => tag === 'b')).toHaveLength(1)
  })

  it('answers a failed write’s error again as it was, detail trailer included', async () => {
    const key = randomUUID()
    const failures = await Promise.all(
      [0, 1].map(async () => {
        const error = (await send({ tag: 'c', then: 'conflict' }, key).answer.catch(
          (caught: unknown) => caught,
        )) as ServiceError
        return {
          code: error.code,
          details: error.details,
          trailer: error.metadata.get('error-detail-bin'),
        }
      }),
    )
    expect(failures[0]?.code).toBe(status.ALREADY_EXISTS)
    expect(failures[0]?.details).toBe('Branch already exists')
    expect(failures[0]?.trailer).toHaveLength(1)
    expect(failures[1]).toEqual(failures[0])
    expect(runs.filter((tag) => tag === 'c')).toHaveLength(1)
  })

  it('may run again once its caller cancelled it and it stopped', async () => {
    const key = randomUUID()
    const waiting = send({ tag: 'd', then: 'wait' }, key)
    while (!runs.includes('d')) await new Promise((resolve) => setTimeout(resolve, 5))
    waiting.cancel()
    await expect(waiting.answer).rejects.toMatchObject({ code: status.CANCELLED })
    // The receipt says `released` once the handler has stopped.
    const receipt = await waitForReceipt(key, (value) => value === 'released')
    expect(receipt).toBe('released')
    await expect(send({ tag: 'd' }, key).answer).resolves.toEqual({ tag: 'd done', token: '' })
    expect(runs.filter((tag) => tag === 'd')).toHaveLength(2)
  })

  it('keeps its outcome sealed: the receipt does not hold the answer’s text', async () => {
    const key = randomUUID()
    await send({ tag: 'e', token: 'glpat-do-not-store-me' }, key).answer
    const receipt = await waitForReceipt(key, (value) => value.startsWith('done:'))
    expect(receipt).toMatch(/^done:v1\./)
    expect(receipt).not.toContain('do-not-store')
    expect(
      Buffer.from(receipt.slice('done:v1.'.length), 'base64url').toString('latin1'),
    ).not.toContain('do-not-store')
  })

  it('is not sent again by the client when the server itself answered UNAVAILABLE', async () => {
    // A broken connection is sent again (grpc-replicas.test.ts); a statement that timed out is
    // the server's answer, and sending it again would make the caller wait twice.
    const { raw, rpc } = createClient(WriteClient as unknown as new () => Client, {
      address: `127.0.0.1:${port}`,
      registry: createRegistry('caller'),
      internalSecret: SECRET,
    })
    const write = (rpc as unknown as Record<string, (request: Write) => Promise<Write>>)['write']!
    await expect(write({ tag: 'g', then: 'unavailable' })).rejects.toMatchObject({
      code: status.UNAVAILABLE,
    })
    raw.close()
    expect(runs.filter((tag) => tag === 'g')).toHaveLength(1)
  })

  it('calls an outcome sealed under another secret unknown, rather than failing', async () => {
    const key = randomUUID()
    await send({ tag: 'f' }, key).answer
    await waitForReceipt(key, (value) => value.startsWith('done:'))
    const rotated = new WriteReceipts(redis, 'writes', generateInternalSecret())
    const claim = await rotated.claim('Write', key, new AbortController().signal)
    expect(claim.kind).toBe('unknown')
  })

  it('runs without a receipt, at once, when Redis cannot be reached', async () => {
    const down = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, lazyConnect: true })
    const receipts = new WriteReceipts(down, 'writes', SECRET)
    const started = Date.now()
    const claim = await receipts.claim('Write', randomUUID(), new AbortController().signal)
    expect(claim.kind).toBe('unguarded')
    expect(Date.now() - started).toBeLessThan(100)
    down.disconnect()
  })
})

async function waitForReceipt(key: string, done: (value: string) => boolean): Promise<string> {
  const redisKey = `${PREFIX}:receipt:writes:Write:${key}`
  const until = Date.now() + 5_000
  for (;;) {
    const value = await redis.get(redisKey)
    if ((value !== null && done(value)) || Date.now() > until) return value ?? ''
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
