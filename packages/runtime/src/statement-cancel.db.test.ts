import { status } from '@grpc/grpc-js'
import { sql, type Kysely } from 'kysely'
import pg from 'pg'
import { createDatabase } from './db.js'
import { toGrpcFailure } from './grpc-status.js'
import { retireRequestSignal, runWithRequestId } from './request-context.js'

// The PostgreSQL store tests use; statements are told apart by a marker in their text.
const url = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const marker = `cancel_test_${process.pid}_${Date.now()}`
let db: Kysely<unknown>
let observer: pg.Client

beforeAll(async () => {
  db = createDatabase<unknown>({ url, schema: 'public', maxConnections: 2, statementTimeoutMs: 0 })
  observer = new pg.Client({ connectionString: url })
  await observer.connect()
})

afterAll(async () => {
  await db.destroy()
  await observer.end()
})

/** Backends running a statement that carries `tag`, other than the observer's own. */
async function running(tag: string): Promise<number> {
  const result = await observer.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where state = 'active' and pid <> pg_backend_pid() and query like '%' || $1 || '%'`,
    [tag],
  )
  return result.rows[0]?.n ?? 0
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return check()
}

function sleepQuery(tag: string, seconds: number) {
  return sql`select pg_sleep(${seconds}), ${sql.lit(tag)} as tag`.execute(db)
}

describe('statement timeout', () => {
  it('cuts a statement off at statement_timeout, answered UNAVAILABLE', async () => {
    const short = createDatabase<unknown>({
      url,
      schema: 'public',
      maxConnections: 1,
      statementTimeoutMs: 200,
    })
    try {
      const started = Date.now()
      const error = await sql`select pg_sleep(5)`.execute(short).then(
        () => undefined,
        (failure: unknown) => failure,
      )
      expect(Date.now() - started).toBeLessThan(2_000)
      expect(error).toMatchObject({ code: '57014' })
      expect(toGrpcFailure(error).code).toBe(status.UNAVAILABLE)
      // The connection stays usable.
      await expect(sql`select 1 as one`.execute(short)).resolves.toBeDefined()
    } finally {
      await short.destroy()
    }
  })
})

describe('statements of a cancelled request', () => {
  it('are cancelled in PostgreSQL within a second of the abort', async () => {
    const tag = `${marker}_running`
    const controller = new AbortController()
    const query = runWithRequestId('req-1', () => sleepQuery(tag, 30), controller.signal)
    const outcome = query.then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(await until(async () => (await running(tag)) === 1, 5_000)).toBe(true)
    const aborted = Date.now()
    controller.abort()
    expect(await outcome).toMatchObject({ code: '57014' })
    expect(await until(async () => (await running(tag)) === 0, 1_000)).toBe(true)
    expect(Date.now() - aborted).toBeLessThan(1_000)
    // The pool lends a fresh connection afterwards.
    await expect(sql`select 1 as one`.execute(db)).resolves.toBeDefined()
  })

  it('do not start once the request is cancelled', async () => {
    const tag = `${marker}_late`
    const controller = new AbortController()
    controller.abort()
    const started = Date.now()
    const error = await runWithRequestId('req-2', () => sleepQuery(tag, 5), controller.signal).then(
      () => undefined,
      (failure: unknown) => failure,
    )
    expect(error).toMatchObject({ code: '57014' })
    expect(Date.now() - started).toBeLessThan(1_000)
  })

  it('leave statements of other requests and of no request alone', async () => {
    const tag = `${marker}_other`
    const controller = new AbortController()
    const other = runWithRequestId(
      'req-3',
      () => sleepQuery(tag, 0.5),
      new AbortController().signal,
    )
    const plain = sleepQuery(tag, 0.5)
    controller.abort()
    await expect(other).resolves.toBeDefined()
    await expect(plain).resolves.toBeDefined()
  })

  it('leave work that runs on after the request settled alone', async () => {
    const tag = `${marker}_after`
    const controller = new AbortController()
    const later = runWithRequestId(
      'req-5',
      () => {
        retireRequestSignal(controller.signal)
        return new Promise((resolve) => setTimeout(resolve, 10)).then(() => sleepQuery(tag, 0.3))
      },
      controller.signal,
    )
    controller.abort()
    await expect(later).resolves.toBeDefined()
  })

  it('roll a transaction back when its statement is cancelled', async () => {
    const tag = `${marker}_tx`
    const controller = new AbortController()
    const work = runWithRequestId(
      'req-4',
      () =>
        db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx)
          await sql`select pg_sleep(30), ${sql.lit(tag)} as tag`.execute(trx)
        }),
      controller.signal,
    ).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(await until(async () => (await running(tag)) === 1, 5_000)).toBe(true)
    controller.abort()
    expect(await work).toMatchObject({ code: '57014' })
    expect(await until(async () => (await running(tag)) === 0, 1_000)).toBe(true)
    await expect(sql`select 1 as one`.execute(db)).resolves.toBeDefined()
  })
})
