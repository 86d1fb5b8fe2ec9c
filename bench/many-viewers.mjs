// Issue 29's many-viewer step: Reporters of the seeded (private) project,
// each with a token of their own, so that a read is that viewer's first and
// misses every per-viewer cache.
//
// First reads: for each hot endpoint, viewers who have read nothing yet read
// it once each, one request at a time (the miss path's latency and CPU per
// request in all suite processes, PostgreSQL and Redis; goal: at most 5 ms of
// CPU). Then the load: an open-model run at BENCH_LOAD_RATE over other
// viewers, each request a (viewer, path) pair not asked before (20 merge
// requests, the filtered list, the project, its tags, its events, /user),
// latency counted from each request's due time (autocannon's correction for
// coordinated omission; goal: p90 < 50 ms, p99 < 200 ms, >= 99% 2xx).
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import { cpuBetween, cpuSnapshot, round } from './process-cpu.mjs'
import { call, userWithToken } from './seed-merge-requests.mjs'

const REPORTER = 20
/** Users are made this many at a time (each is three API calls). */
const SEED_CONCURRENCY = 8

/** `count` users with tokens, Reporters of `projectId`. */
export async function seedViewers({ base, rootToken, projectId, count, name }) {
  const viewers = []
  for (let start = 0; start < count; start += SEED_CONCURRENCY) {
    const batch = Array.from({ length: Math.min(SEED_CONCURRENCY, count - start) }, async () => {
      const viewer = await userWithToken(base, rootToken, name)
      await call(base, rootToken, 'POST', `/projects/${projectId}/members`, {
        user_id: viewer.user.id,
        access_level: REPORTER,
      })
      return viewer
    })
    viewers.push(...(await Promise.all(batch)))
  }
  return viewers
}

/** Runs autocannon; resolves with its result. */
function run(options) {
  return new Promise((resolveRun, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolveRun(result)))
  })
}

/** A request for autocannon that takes its path and token from `next()`. */
function rotating(next) {
  return {
    method: 'GET',
    setupRequest: (request) => {
      const { path, token } = next()
      return { ...request, path, headers: { ...request.headers, 'PRIVATE-TOKEN': token } }
    },
  }
}

/**
 * Each of `viewers` reads `path` once, one request at a time: the miss path's
 * latency and CPU per request.
 */
export async function measureFirstRead(title, origin, path, viewers, cpu) {
  let index = 0
  const before = cpuSnapshot(cpu.launcherPid, cpu.database)
  const result = await run({
    url: origin,
    connections: 1,
    amount: viewers.length,
    requests: [rotating(() => ({ path, token: viewers[index++ % viewers.length].token }))],
  })
  await sleep(200)
  const after = cpuSnapshot(cpu.launcherPid, cpu.database)
  return {
    title,
    path,
    viewers: viewers.length,
    p50: result.latency.p50,
    p90: result.latency.p90,
    max: result.latency.max,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    ...cpuBetween(before, after, result['2xx'] + result.non2xx),
  }
}

/**
 * The open-model load: `rate` requests/s for `seconds` over `connections`,
 * each request the next (viewer, path) pair of a shuffled list in which every
 * pair appears once (the list repeats only when the run outlasts it).
 */
export async function measureManyViewerLoad(origin, paths, viewers, options, cpu) {
  const pairs = []
  for (const viewer of viewers) for (const path of paths) pairs.push({ path, token: viewer.token })
  // A fixed shuffle (linear congruential), so that runs compare.
  let seed = 29
  for (let i = pairs.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    const j = seed % (i + 1)
    ;[pairs[i], pairs[j]] = [pairs[j], pairs[i]]
  }
  let index = 0
  const before = cpuSnapshot(cpu.launcherPid, cpu.database)
  const result = await run({
    url: origin,
    duration: options.seconds,
    connections: options.connections,
    overallRate: options.rate,
    requests: [rotating(() => pairs[index++ % pairs.length])],
  })
  await sleep(200)
  const after = cpuSnapshot(cpu.launcherPid, cpu.database)
  const sent = result['2xx'] + result.non2xx + result.errors
  return {
    rate: options.rate,
    connections: options.connections,
    seconds: options.seconds,
    viewers: viewers.length,
    pairs: pairs.length,
    requests: sent,
    first_reads_share: round(Math.min(sent, pairs.length) / Math.max(sent, 1), 3),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    share_2xx: sent > 0 ? round(result['2xx'] / sent, 4) : 0,
    status_codes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
    ),
    ...cpuBetween(before, after, result['2xx'] + result.non2xx),
  }
}

/** Prints the step's figures. */
export function printManyViewers({ firstReads, load }) {
  const lines = ['', 'many viewers: first reads, one at a time (goal: <= 5 ms CPU each)']
  for (const row of firstReads) {
    const cpu = row.cpu_ms_per_request.total
    lines.push(
      `  ${row.title.padEnd(40)} ${String(row.viewers).padStart(4)} viewers  p50 ${row.p50} ms  p90 ${row.p90} ms  cpu ${cpu} ms  non-2xx ${row.non2xx + row.errors}`,
    )
  }
  if (load) {
    lines.push(
      `many viewers: ${load.rate} req/s open model, ${load.viewers} viewers, ${load.requests} requests (${load.first_reads_share * 100}% first reads): p50 ${load.p50} ms  p90 ${load.p90} ms  p99 ${load.p99} ms  2xx ${load.share_2xx * 100}%  cpu ${load.cpu_ms_per_request.total} ms/request (goal: p90 < 50, p99 < 200, >= 99% 2xx)`,
    )
  }
  process.stdout.write(`${lines.join('\n')}\n`)
}
