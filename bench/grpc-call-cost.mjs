// npm run bench:grpc -- <checkout> [<checkout> ...]: what one unary call through the
// runtime's gRPC server and client costs, in CPU time, for each checkout given (a
// worktree with `tsc -b` run: its packages/runtime/dist and packages/proto/dist are used).
//
// Each checkout's GrpcServer and createClient run in a child process of their own (server
// and client in that one process), serving UserService.GetUser with a handler that answers a
// fixed user: what is measured is the runtime's own work per call (interceptors, request
// context, deadline timer, metrics, the breaker), not a service's. The checkouts are run in
// turn, ROUNDS times, so that whatever else the machine does falls on each alike; each
// round makes CALLS calls, 8 at a time, and reports process CPU microseconds per call. The
// medians over the rounds are printed: compare checkouts run in the same invocation only.
//
// BENCH_GRPC_ROUNDS (7) and BENCH_GRPC_CALLS (20000) tune it. The client has no retries, so
// it is a write client: with BENCH_GRPC_RECEIPTS=1 the server of a checkout whose runtime keeps
// write receipts keeps them in the Redis at REDIS_URL (redis://127.0.0.1:6379), as
// service-main's servers do, and the cost of keeping them is in the figures.
import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const ROUNDS = Number(process.env.BENCH_GRPC_ROUNDS ?? 7)
const CALLS = Number(process.env.BENCH_GRPC_CALLS ?? 20_000)
const CONCURRENCY = 8

/** One round in this process: the checkout's runtime, CALLS calls, CPU µs per call. */
async function round(checkout) {
  const dist = (path) => pathToFileURL(resolve(checkout, path)).href
  const runtime = await import(dist('packages/runtime/dist/index.js'))
  const proto = await import(dist('packages/proto/dist/index.js'))
  const secret = 'b'.repeat(64)
  const registry = runtime.createRegistry('bench')
  const logger = runtime.createLogger('bench', 'error')
  let redis
  let receipts
  if (process.env.BENCH_GRPC_RECEIPTS === '1' && runtime.WriteReceipts) {
    const { Redis } = await import('ioredis')
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379')
    await new Promise((resolve) => redis.once('ready', resolve))
    runtime.setQueuePrefix(`bench-grpc-${process.pid}`)
    receipts = new runtime.WriteReceipts(redis, 'bench', secret)
  }
  const server = new runtime.GrpcServer({
    service: 'bench',
    logger,
    registry,
    internalSecret: secret,
    ...(receipts ? { receipts } : {}),
  })
  const user = proto.User.fromPartial({ id: 1, username: 'root', name: 'Root', state: 'active' })
  server.add(
    proto.UserServiceService,
    { getUser: server.unary('GetUser', async () => ({ user })) },
    'gitlab.identity.v1.UserService',
  )
  const port = await server.listen('127.0.0.1', 0)
  const { raw, rpc } = runtime.createClient(proto.UserServiceClient, {
    address: `127.0.0.1:${port}`,
    registry,
    internalSecret: secret,
  })
  const call = () => rpc.getUser({ caller: undefined, id: 1 })
  // Warm up: connection, JIT.
  for (let i = 0; i < 2000; i += CONCURRENCY)
    await Promise.all(Array.from({ length: CONCURRENCY }, call))
  const before = process.cpuUsage()
  const started = process.hrtime.bigint()
  for (let i = 0; i < CALLS; i += CONCURRENCY) {
    await Promise.all(Array.from({ length: CONCURRENCY }, call))
  }
  const cpu = process.cpuUsage(before)
  const wallUs = Number(process.hrtime.bigint() - started) / 1000
  raw.close()
  await server.server.forceShutdown?.()
  redis?.disconnect()
  return { cpuUs: (cpu.user + cpu.system) / CALLS, wallUs: wallUs / CALLS }
}

if (process.argv[2] === '--round') {
  const result = await round(process.argv[3])
  process.stdout.write(JSON.stringify(result))
  process.exit(0)
}

const checkouts = process.argv.slice(2).map((path) => resolve(path))
if (checkouts.length === 0) {
  console.error('usage: node bench/grpc-call-cost.mjs <checkout> [<checkout> ...]')
  process.exit(2)
}
const results = new Map(checkouts.map((checkout) => [checkout, []]))
for (let r = 0; r < ROUNDS; r++) {
  for (const checkout of checkouts) {
    const out = execFileSync(process.execPath, [import.meta.filename, '--round', checkout], {
      encoding: 'utf8',
    })
    results.get(checkout).push(JSON.parse(out))
  }
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}
console.log(
  `| checkout | CPU µs per call (median of ${ROUNDS}) | wall µs per call | rounds (CPU µs) |`,
)
console.log('|---|---|---|---|')
for (const [checkout, rounds] of results) {
  const cpu = median(rounds.map((r) => r.cpuUs)).toFixed(1)
  const wall = median(rounds.map((r) => r.wallUs)).toFixed(1)
  const all = rounds.map((r) => r.cpuUs.toFixed(0)).join(' ')
  console.log(`| ${checkout} | ${cpu} | ${wall} | ${all} |`)
}
