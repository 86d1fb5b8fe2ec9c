// npm run bench:noisy: one tenant's heavy but ordinary calls against another
// tenant's readers, on the real suite started on a fresh database (issue 24).
//
// Tenant B: a project of BENCH_MERGE_REQUESTS (10,000) merge requests read by
// 50 users (members, one token each) at BENCH_B_RATE (50) requests/s, open
// model: a page of its open merge requests and single merge requests in turn.
// Tenant A: a small project of its own (500 merge requests, 50 labels) whose
// owner lists its merge requests filtered by all 50 labels (`labels=`) at
// BENCH_A_RATE (5) requests/s, sent on a timer whether or not the last one
// was answered, as a client with a deadline would.
//
// B is measured alone, then with A running, in alternating rounds: p50/p90/
// p99 of B's answers and how many were not 2xx, and A's own latencies and
// status codes; the medians of B's p99 over the rounds are compared. Every
// run reports the suite's CPU per answer and the share of the machine other
// processes took (a shared machine moves B's p99 more than A could); last,
// A alone beside the idle suite gives what one 50-label list costs. The goal
// (issue 24): with A running, B's p99 at most 20% above B alone, and every
// request of B answered. Results go to bench/results/noisy-neighbour.json and
// a Markdown table to stdout.
//
// BENCH_SECONDS (20) is the length of each run, BENCH_ROUNDS (4) the number
// of (alone, with A) pairs; BENCH_DATABASE_ADMIN_URL the PostgreSQL to create
// the database on.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { clearInterval, setInterval } from 'node:timers'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { runOpenModel, startBenchSuite } from './bench-suite.mjs'
import { quantile } from './measure.mjs'
import { cpuBetween, cpuSnapshot, round } from './process-cpu.mjs'
import {
  call,
  insertMergeRequests,
  seedMergeRequests,
  userWithToken,
} from './seed-merge-requests.mjs'

const ROOT = resolve(import.meta.dirname, '..')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4)
const MERGE_REQUESTS = Number(process.env.BENCH_MERGE_REQUESTS ?? 10_000)
const B_RATE = Number(process.env.BENCH_B_RATE ?? 50)
const B_READERS = 50
const A_RATE = Number(process.env.BENCH_A_RATE ?? 5)
const A_LABELS = 50
const A_MERGE_REQUESTS = 500

/** Tenant A: its project with 50 labels and 500 merge requests, and the 50-label list. */
async function seedTenantA(base, rootToken, databaseUrl) {
  const owner = await userWithToken(base, rootToken, 'tenant-a')
  const project = await call(base, owner.token, 'POST', '/projects', {
    name: 'tenant-a',
    path: `tenant-a-${Date.now()}`,
    initialize_with_readme: true,
  })
  await call(base, owner.token, 'POST', `/projects/${project.id}/repository/commits`, {
    branch: 'labels',
    start_branch: 'main',
    commit_message: 'Labels',
    actions: [{ action: 'create', file_path: 'labels.txt', content: 'labels\n' }],
  })
  const labels = Array.from({ length: A_LABELS }, (_, i) => `area-${i}`)
  await call(base, owner.token, 'POST', `/projects/${project.id}/merge_requests`, {
    source_branch: 'labels',
    target_branch: 'main',
    title: 'Creates the labels',
    labels: labels.join(','),
  })
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await insertMergeRequests(client, project.id, [owner.user.id], A_MERGE_REQUESTS)
    await client.query('ANALYZE merge_requests.merge_requests')
  } finally {
    await client.end()
  }
  const path = `/api/v4/projects/${project.id}/merge_requests?labels=${labels.join(',')}&per_page=20`
  return { owner, path }
}

/** Tenant B's 50 readers: users made members (Reporter) of its project, one token each. */
async function seedReaders(base, rootToken, seeded) {
  const readers = []
  for (let i = 0; i < B_READERS; i += 1) {
    const reader = await userWithToken(base, rootToken, `tenant-b-reader${i}`)
    await call(base, seeded.owner.token, 'POST', `/projects/${seeded.project.id}/members`, {
      user_id: reader.user.id,
      access_level: 20,
    })
    readers.push(reader)
  }
  return readers
}

/** B's requests: the readers in turn, each alternating a list page and one merge request. */
function readerRequests(seeded, readers) {
  const project = `/api/v4/projects/${seeded.project.id}`
  return readers.map((reader, i) => ({
    method: 'GET',
    path:
      i % 2 === 0
        ? `${project}/merge_requests?state=opened&per_page=20`
        : `${project}/merge_requests/${2 + ((i * 97) % MERGE_REQUESTS)}`,
    headers: { 'PRIVATE-TOKEN': reader.token },
  }))
}

/**
 * A's open loop: one request every 1/rate s until `stop` resolves, each
 * awaited on its own. Returns latencies (ms) and status counts.
 */
async function tenantALoop(origin, tenantA, stop) {
  const latencies = []
  const statuses = {}
  const inFlight = new Set()
  const send = () => {
    const started = performance.now()
    const request = fetch(`${origin}${tenantA.path}`, {
      headers: { 'PRIVATE-TOKEN': tenantA.owner.token },
    })
      .then(async (res) => {
        await res.arrayBuffer()
        return String(res.status)
      })
      .catch(() => 'error')
      .then((status) => {
        statuses[status] = (statuses[status] ?? 0) + 1
        latencies.push(performance.now() - started)
        inFlight.delete(request)
      })
    inFlight.add(request)
  }
  const timer = setInterval(send, 1000 / A_RATE)
  await stop
  clearInterval(timer)
  await Promise.all(inFlight)
  return {
    requests: latencies.length,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    statuses,
  }
}

/**
 * Runs `work` between two CPU snapshots of the suite: the suite's CPU ms per
 * request answered (`answered` of the result) and the share of the machine
 * other processes took meanwhile (how loaded the machine was).
 */
async function withCpu(suite, work, answered) {
  const before = cpuSnapshot(suite.launcherPid, suite.database)
  const value = await work()
  const after = cpuSnapshot(suite.launcherPid, suite.database)
  const cpu = cpuBetween(before, after, answered(value))
  return {
    ...value,
    suite_cpu_ms_per_request: cpu.cpu_ms_per_request.total,
    others_cpu_share: cpu.others_cpu_share,
  }
}

function tenantBFigures(run) {
  const sent = run.result['2xx'] + run.result.non2xx + run.result.errors + run.result.timeouts
  return {
    requests: sent,
    ok: run.result['2xx'],
    non2xx: run.result.non2xx,
    errors: run.result.errors,
    p50: quantile(run.latencies, 0.5),
    p90: quantile(run.latencies, 0.9),
    p99: quantile(run.latencies, 0.99),
  }
}

async function benchmark(suite) {
  const base = `${suite.origin}/api/v4`
  const seeded = await seedMergeRequests({
    base,
    rootToken: suite.token,
    databaseUrl: suite.databaseUrl,
    count: MERGE_REQUESTS,
  })
  const readers = await seedReaders(base, suite.token, seeded)
  const tenantA = await seedTenantA(base, suite.token, suite.databaseUrl)
  const requests = readerRequests(seeded, readers)
  const options = { seconds: SECONDS, rate: B_RATE, connections: B_READERS, requests }

  // Warm-up: connections, caches and plans, as on a running instance.
  await runOpenModel(suite.origin, { ...options, seconds: 5 })
  // Rounds alternate B alone and B with A, so a machine whose load drifts
  // (other work on the same cores) drifts both alike; medians are compared.
  // The order flips every round (alone first, then A first: ABBA), because B's
  // own reads get faster as its caches fill, which would otherwise favour
  // whichever run comes second.
  const bAlone = () =>
    withCpu(
      suite,
      async () => tenantBFigures(await runOpenModel(suite.origin, options)),
      (figures) => figures.ok,
    )
  const bWithA = async () => {
    let done
    const stop = new Promise((resolveStop) => {
      done = resolveStop
    })
    const loopA = tenantALoop(suite.origin, tenantA, stop)
    const figures = await bAlone()
    done()
    return { withA: figures, a: await loopA }
  }
  const rounds = []
  for (let round = 0; round < ROUNDS; round += 1) {
    if (round % 2 === 0) {
      const alone = await bAlone()
      rounds.push({ alone, ...(await bWithA()) })
    } else {
      const withA = await bWithA()
      rounds.push({ alone: await bAlone(), ...withA })
    }
  }
  // The suite idle for as long (workers, relays, heartbeats), then A alone: A's
  // own cost is what it adds to the idle suite's.
  const idle = await withCpu(
    suite,
    () => sleep(SECONDS * 1000).then(() => ({ requests: 1 })),
    () => 1,
  )
  const aAlone = await withCpu(
    suite,
    () => tenantALoop(suite.origin, tenantA, sleep(SECONDS * 1000)),
    (figures) => figures.requests,
  )
  const median = (values) => quantile(values, 0.5)
  const aloneP99 = median(rounds.map((r) => r.alone.p99))
  const withAP99 = median(rounds.map((r) => r.withA.p99))
  const result = {
    settings: {
      seconds: SECONDS,
      rounds: ROUNDS,
      merge_requests: MERGE_REQUESTS,
      b_rate: B_RATE,
      a_rate: A_RATE,
      a_labels: A_LABELS,
    },
    rounds,
    a_alone: aAlone,
    suite_idle_cpu_ms: idle.suite_cpu_ms_per_request,
    a_net_cpu_ms_per_request: round(
      aAlone.suite_cpu_ms_per_request - idle.suite_cpu_ms_per_request / aAlone.requests,
      3,
    ),
    b_alone_p99_median: aloneP99,
    b_with_a_p99_median: withAP99,
    p99_increase_percent: aloneP99 ? Math.round((withAP99 / aloneP99 - 1) * 1000) / 10 : null,
    b_unanswered: rounds.reduce(
      (sum, r) => sum + r.withA.requests - r.withA.ok + r.alone.requests - r.alone.ok,
      0,
    ),
  }
  const row = (name, f) =>
    `| ${name} | ${f.requests} | ${f.ok} | ${f.non2xx} / ${f.errors} | ${f.p50} | ${f.p90} | ${f.p99} | ${f.suite_cpu_ms_per_request} | ${f.others_cpu_share} |`
  const lines = [
    "| run | B requests | B 2xx | B non-2xx / errors | B p50 ms | B p90 ms | B p99 ms | suite CPU ms / B answer | others' CPU share |",
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rounds.flatMap((r, i) => [
      row(`${i + 1}: B alone`, r.alone),
      row(`${i + 1}: B with A (${A_LABELS} labels, ${A_RATE}/s)`, r.withA),
    ]),
    '',
    `Median B p99: alone ${aloneP99} ms, with A ${withAP99} ms (${result.p99_increase_percent}%; goal: at most +20%, every request of B answered 2xx: ${result.b_unanswered} were not).`,
    `A alone: ${aAlone.requests} requests, p50 ${aAlone.p50} ms, p99 ${aAlone.p99} ms, suite CPU ${aAlone.suite_cpu_ms_per_request} ms per request, of which ${result.a_net_cpu_ms_per_request} ms above the idle suite's ${idle.suite_cpu_ms_per_request} ms in ${SECONDS} s, statuses ${JSON.stringify(aAlone.statuses)}.`,
    ...rounds.map(
      (r, i) =>
        `A in round ${i + 1}: ${r.a.requests} requests, p50 ${r.a.p50} ms, p99 ${r.a.p99} ms, statuses ${JSON.stringify(r.a.statuses)}.`,
    ),
  ]
  process.stdout.write(`\n${lines.join('\n')}\n`)
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true })
  const file = join(ROOT, 'bench/results/noisy-neighbour.json')
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`)
  process.stdout.write(`\nwritten to ${file}\n`)
}

const suite = await startBenchSuite('noisy')
try {
  await suite.whileRunning(benchmark(suite))
} finally {
  await suite.stop()
}
