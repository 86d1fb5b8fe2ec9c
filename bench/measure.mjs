// autocannon runs of the bench. Closed model: a fixed number of connections,
// each sending its next request once the last one is answered. Open model: a
// fixed overall rate spread over the connections (see measureLoad). Suite runs
// take a CPU snapshot of the suite's processes before and after
// (process-cpu.mjs).
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import { cpuBetween, cpuSnapshot, round } from './process-cpu.mjs'

/** How long the suite gets to finish the requests in flight when autocannon stops. */
const SETTLE_MS = 200

/**
 * Runs autocannon with `options`. Resolves with its result and, when
 * `collectLatencies`, the latency (ms) of every 2xx answer, for percentiles
 * autocannon does not report (p95).
 */
function run(options, collectLatencies = false) {
  return new Promise((resolveRun, reject) => {
    const latencies = []
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolveRun({ result, latencies }),
    )
    if (collectLatencies) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime)
      })
    }
  })
}

/** The `q` quantile (0..1) of `values` by nearest rank, or null when there are none. */
export function quantile(values, q) {
  if (values.length === 0) return null
  const sorted = Float64Array.from(values).sort()
  return round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)], 2)
}

/** Answer counts of a result: 2xx, everything else, and connection errors and timeouts. */
function answers(result) {
  return { ok: result['2xx'], non2xx: result.non2xx, errors: result.errors }
}

/** A row's figures from an autocannon result. */
function figures(title, result) {
  return {
    title,
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    ...answers(result),
  }
}

/**
 * Closed-model run of `url` for `seconds` over `connections`; fails on any
 * answer but 2xx.
 */
export async function measure(title, url, { headers = {}, seconds, connections }) {
  const { result } = await run({ url, headers, duration: seconds, connections })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  }
  return figures(title, result)
}

/**
 * `measure` against the suite, with the CPU ms per request of each of its
 * processes (`cpu`: the launcher's pid and the bench database's name) and of
 * this process, which runs autocannon (cpuBetween).
 */
export async function measureSuite(title, url, options, cpu) {
  const before = cpuSnapshot(cpu.launcherPid, cpu.database)
  const row = await measure(title, url, options)
  await sleep(SETTLE_MS)
  const after = cpuSnapshot(cpu.launcherPid, cpu.database)
  return { ...row, ...cpuBetween(before, after, row.ok + row.non2xx) }
}

/**
 * Open-model run: `rate` requests a second in all over `connections`, each
 * connection cycling through `paths` on `origin`, for `seconds`. Answers but
 * 2xx are counted, not fatal. Latencies are as measured: autocannon 9's
 * correction for coordinated omission takes 1/rate seconds as milliseconds
 * (1 ms between requests here), which fills the histogram with made-up short
 * latencies. A connection sends its next request only once the last one is
 * answered, so a suite that cannot keep up shows as an achieved rate below
 * `rate`.
 */
export async function measureLoad(origin, paths, { headers, seconds, connections, rate }, cpu) {
  const before = cpuSnapshot(cpu.launcherPid, cpu.database)
  const { result } = await run({
    url: origin,
    headers,
    duration: seconds,
    connections,
    overallRate: rate,
    ignoreCoordinatedOmission: true,
    requests: paths.map((path) => ({ method: 'GET', path })),
  })
  await sleep(SETTLE_MS)
  const after = cpuSnapshot(cpu.launcherPid, cpu.database)
  const counts = answers(result)
  const sent = counts.ok + counts.non2xx + counts.errors
  return {
    rate,
    connections,
    seconds,
    paths,
    ...figures('open model', result),
    requests: sent,
    share_2xx: sent > 0 ? round(counts.ok / sent, 4) : 0,
    status_codes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
    ),
    ...cpuBetween(before, after, counts.ok + counts.non2xx),
  }
}

/**
 * Closed-model run of `pathWithQuery` on `origin` in which every request
 * misses any response cache: each carries its own `bench_nonce` (a parameter
 * the API ignores). p50, p95 and p99 come from every 2xx answer's latency;
 * CPU as in measureSuite.
 */
export async function measureUncached(title, origin, pathWithQuery, options, cpu) {
  const before = cpuSnapshot(cpu.launcherPid, cpu.database)
  let nonce = 0
  const separator = pathWithQuery.includes('?') ? '&' : '?'
  const { result, latencies } = await run(
    {
      url: origin,
      headers: options.headers,
      duration: options.seconds,
      connections: options.connections,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            nonce += 1
            return { ...request, path: `${pathWithQuery}${separator}bench_nonce=${nonce}` }
          },
        },
      ],
    },
    true,
  )
  await sleep(SETTLE_MS)
  const after = cpuSnapshot(cpu.launcherPid, cpu.database)
  return {
    title,
    path: pathWithQuery,
    rps: result.requests.average,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    ...answers(result),
    ...cpuBetween(before, after, result['2xx'] + result.non2xx),
  }
}
