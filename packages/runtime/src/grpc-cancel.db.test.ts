import { credentials, Metadata, status, type Client, type ServiceError } from '@grpc/grpc-js'
import { sql, type Kysely } from 'kysely'
import pg from 'pg'
import { createDatabase } from './db.js'
import { createClient } from './grpc-client.js'
import {
  generateInternalSecret,
  INTERNAL_AUTH_METADATA_KEY,
  internalAuthValue,
} from './internal-credential.js'
import { GrpcServer } from './grpc-server.js'
import { createLogger } from './logger.js'
import { createRegistry } from './metrics.js'
import { runWithRequestId } from './request-context.js'
import { jsonUnaryService } from './testing/json-service.js'

// A real gRPC server whose one method runs a long statement on the PostgreSQL store tests use.
const url = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const marker = `grpc_cancel_${process.pid}_${Date.now()}`

interface Sleep {
  tag: string
}
const { definition, Client: SleeperClient } = jsonUnaryService<Sleep>('test.Sleeper', 'Sleep')
const SECRET = generateInternalSecret()

let db: Kysely<unknown>
let server: GrpcServer
let address: string
let observer: pg.Client

beforeAll(async () => {
  db = createDatabase<unknown>({ url, schema: 'public', maxConnections: 4 })
  server = new GrpcServer({
    service: 'sleeper',
    logger: createLogger('sleeper', 'silent'),
    registry: createRegistry('sleeper'),
    internalSecret: SECRET,
  })
  server.add(
    definition,
    {
      sleep: server.unary<Sleep, Sleep>('Sleep', async (request) => {
        await sql`select pg_sleep(30), ${sql.lit(request.tag)} as tag`.execute(db)
        return request
      }),
    },
    'test.Sleeper',
  )
  address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`
  observer = new pg.Client({ connectionString: url })
  await observer.connect()
})

afterAll(async () => {
  await server.shutdown(100)
  await db.destroy()
  await observer.end()
})

async function running(tag: string): Promise<number> {
  const result = await observer.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where state = 'active' and pid <> pg_backend_pid() and query like '%' || $1 || '%'`,
    [tag],
  )
  return result.rows[0]?.n ?? 0
}

/** Milliseconds until no statement carrying `tag` runs (gives up after 5 s). */
async function goneAfter(tag: string, from: number): Promise<number> {
  while (Date.now() - from < 5_000) {
    if ((await running(tag)) === 0) return Date.now() - from
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return Infinity
}

async function startedRunning(tag: string): Promise<void> {
  const end = Date.now() + 5_000
  while ((await running(tag)) === 0) {
    if (Date.now() > end) throw new Error(`statement ${tag} never started`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe('a unary call ending early', () => {
  it('cancels its statement within a second of its deadline', async () => {
    const tag = `${marker}_deadline`
    const client = new SleeperClient(address, credentials.createInsecure())
    const metadata = new Metadata()
    metadata.set(INTERNAL_AUTH_METADATA_KEY, internalAuthValue(SECRET))
    const deadline = Date.now() + 1_000
    const failure = new Promise<ServiceError | null>((resolve) => {
      ;(client as unknown as Record<string, (...args: unknown[]) => void>)['sleep']?.(
        { tag },
        metadata,
        { deadline },
        (error: ServiceError | null) => resolve(error),
      )
    })
    await startedRunning(tag)
    expect((await failure)?.code).toBe(status.DEADLINE_EXCEEDED)
    expect(await goneAfter(tag, deadline)).toBeLessThan(1_000)
    client.close()
  })

  it('cancels its statement when the request that made the call goes away', async () => {
    const tag = `${marker}_caller`
    const { raw, rpc } = createClient(SleeperClient as unknown as new () => Client, {
      address,
      registry: createRegistry('caller'),
      internalSecret: SECRET,
      deadlineMs: 30_000,
      breaker: false,
    })
    const controller = new AbortController()
    const sleep = (rpc as unknown as Record<string, (request: Sleep) => Promise<Sleep>>)['sleep']
    const call = runWithRequestId('caller-1', () => sleep?.({ tag }), controller.signal)
    const outcome = Promise.resolve(call).then(
      () => undefined,
      (error: ServiceError) => error,
    )
    await startedRunning(tag)
    const aborted = Date.now()
    controller.abort()
    expect((await outcome)?.code).toBe(status.CANCELLED)
    expect(await goneAfter(tag, aborted)).toBeLessThan(1_000)
    raw.close()
  })
})
