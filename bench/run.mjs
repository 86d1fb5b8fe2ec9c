// npm run bench: starts the real suite on a fresh database and measures reads
// through the gateway with autocannon, beside two baselines measured in the
// same run on the same machine: an Express 5 route answering the same JSON
// body from memory (the framework's ceiling) and a bare Node HTTP server (the
// machine's). Ratios against the bare server are what to compare across runs.
// Under every suite row: CPU ms per request of each suite process, PostgreSQL
// and Redis (process-cpu.mjs).
//
// Merge requests: one project is seeded with 10,000 merge requests (and others
// around it, see seed-merge-requests.mjs) and given tags and events through the
// API (seed-project-activity.mjs); a single merge request, a filtered list
// (labels + author + state, per_page 20), the project, its tags and its events
// are measured, each beside its own baselines answering the same body. Then
// GitLab's 10k-user API load shape: an open-model run at 200 requests/s spread
// over those five endpoints (goal: p90 < 20 ms, >= 99% 2xx). Then the
// many-viewer step (many-viewers.mjs: each Reporter's first read of each hot
// endpoint, then the open-model load over viewers' first reads), unless
// BENCH_VIEWERS=0. Then the scale step (scale.mjs), unless BENCH_SCALE=0. The results go to
// bench/results/latest.json, and a Markdown table of them to stdout.
//
// BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 20) tune the load;
// BENCH_MERGE_REQUESTS (default 10000) the size of the seeded project;
// BENCH_LOAD_RATE (200) and BENCH_LOAD_CONNECTIONS (50) the open-model runs;
// BENCH_VIEWERS (200) the many-viewer load's Reporters and
// BENCH_FIRST_READ_VIEWERS (40) those who read each endpoint once;
// BENCH_SCALE_MERGE_REQUESTS (1000000) and BENCH_SCALE_CONNECTIONS (4) the
// scale step; BENCH_DATABASE_ADMIN_URL names the PostgreSQL to create the
// database on; BENCH_KEEP_DATABASE=1 leaves the database in place afterwards
// (for EXPLAIN ANALYZE).
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import express from 'express'
import pg from 'pg'
import {
  measureFirstRead,
  measureManyViewerLoad,
  printManyViewers,
  seedViewers,
} from './many-viewers.mjs'
import { measure, measureLoad, measureSuite } from './measure.mjs'
import { runScaleStep } from './scale.mjs'
import { seedMergeRequests } from './seed-merge-requests.mjs'
import { seedProjectActivity } from './seed-project-activity.mjs'
import {
  printLoad,
  printMarkdown,
  printRows,
  printScale,
  withRatios,
  writeSummary,
} from './summary.mjs'

const ROOT = resolve(import.meta.dirname, '..')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
const ADMIN_URL =
  process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const TOKEN = `bench-${randomBytes(12).toString('hex')}`
const DATABASE = `suite_bench_${Date.now()}`
const PORT = 18000 + Math.floor(Math.random() * 1000)
// Below the ephemeral port range, where outgoing connections could take one first.
const GRPC_PORT_BASE = 21000 + Math.floor(Math.random() * 100) * 10
// Repositories of this run only: project ids restart at 1 on the fresh database.
const REPOSITORY_ROOT = mkdtempSync(join(tmpdir(), 'suite-bench-repos-'))
const MERGE_REQUESTS = Number(process.env.BENCH_MERGE_REQUESTS ?? 10_000)
const LOAD_RATE = Number(process.env.BENCH_LOAD_RATE ?? 200)
const LOAD_CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 50)
const SCALE = process.env.BENCH_SCALE !== '0'
const SCALE_MERGE_REQUESTS = Number(process.env.BENCH_SCALE_MERGE_REQUESTS ?? 1_000_000)
const SCALE_CONNECTIONS = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 4)
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 200)
const FIRST_READ_VIEWERS = Number(process.env.BENCH_FIRST_READ_VIEWERS ?? 40)
/** How long the workers get to finish what seeding the viewers started. */
const SETTLE_AFTER_SEEDING_MS = 10_000
/** Merge requests the many-viewer load reads, around the seeded one. */
const VIEWER_MERGE_REQUESTS = 20
const KEEP_DATABASE = process.env.BENCH_KEEP_DATABASE === '1'
/** Closed-model runs: every baseline and suite row. */
const CLOSED = { seconds: SECONDS, connections: CONNECTIONS }

function databaseUrl() {
  const url = new URL(ADMIN_URL)
  url.pathname = `/${DATABASE}`
  return url.toString()
}

async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

function startSuite() {
  const child = spawn(process.execPath, [join(ROOT, 'packages/launcher/dist/main.js'), 'start'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl(),
      PORT: String(PORT),
      GRPC_PORT_BASE: String(GRPC_PORT_BASE),
      INITIAL_ROOT_TOKEN: TOKEN,
      QUEUE_PREFIX: `bench-${Date.now()}`,
      REPOSITORY_ROOT,
      // BENCH_LOG_LEVEL=info measures with the gateway's access log written, as in production.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'error',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise((resolveExit) => {
    child.once('exit', (code, signal) => resolveExit(code ?? signal))
  })
  const ready = new Promise((resolveReady, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('GitLab-compatible API ready at')) resolveReady()
    })
    void exited.then((how) => reject(new Error(`the suite exited (${how}) before it was ready`)))
  })
  return { child, ready, exited }
}

/** Rejects once the suite exits, which it must not do while it is measured. */
async function exitDuringRun(suite) {
  const how = await suite.exited
  throw new Error(`the suite exited (${how}) during the run; see its stderr above`)
}

function listen(server) {
  return new Promise((resolveListen) => {
    server.listen(0, '127.0.0.1', () => resolveListen(server.address().port))
  })
}

/** GET `url` once; fails unless 200. Returns the body as the suite sent it. */
async function fetchBody(url, headers) {
  const res = await fetch(url, { headers })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${text.slice(0, 300)}`)
  return text
}

/**
 * The two baselines for `bodies` (path with query -> body): an Express 5 app
 * with one route per path and a bare Node server, both answering from memory.
 */
async function baselineServers(bodies, servers) {
  const app = express()
  for (const pathname of new Set([...bodies.keys()].map((key) => key.split('?')[0]))) {
    app.get(pathname, (req, res) => {
      res.set('Content-Type', 'application/json').send(bodies.get(req.originalUrl) ?? '{}')
    })
  }
  const expressServer = app.listen(0, '127.0.0.1')
  await new Promise((done) => expressServer.once('listening', done))
  servers.push(expressServer)
  const bareServer = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(bodies.get(req.url) ?? '{}')
  })
  servers.push(bareServer)
  const barePort = await listen(bareServer)
  return {
    express: `http://127.0.0.1:${expressServer.address().port}`,
    bare: `http://127.0.0.1:${barePort}`,
  }
}

/**
 * Measures one suite route beside its two baselines, which answer its body;
 * `cpu` names the suite's processes (measureSuite).
 */
async function measureWithBaselines(
  rows,
  { group, title, origin, pathWithQuery, headers },
  context,
) {
  const body = await fetchBody(`${origin}${pathWithQuery}`, headers)
  const baseline = await baselineServers(new Map([[pathWithQuery, body]]), context.servers)
  rows.push({
    group,
    ...(await measure('bare node, same body', `${baseline.bare}${pathWithQuery}`, CLOSED)),
  })
  rows.push({
    group,
    ...(await measure(
      'express 5, same body from memory',
      `${baseline.express}${pathWithQuery}`,
      CLOSED,
    )),
  })
  rows.push({
    group,
    ...(await measureSuite(
      title,
      `${origin}${pathWithQuery}`,
      { ...CLOSED, headers },
      context.cpu,
    )),
  })
}

/** The /user group: its body's baselines, then three identity reads. */
async function measureIdentity(rows, origin, context) {
  const headers = { 'PRIVATE-TOKEN': TOKEN }
  const group = 'GET /user body'
  await measureWithBaselines(
    rows,
    {
      group,
      title: 'suite GET /user (token, gRPC)',
      origin,
      pathWithQuery: '/api/v4/user',
      headers,
    },
    context,
  )
  for (const path of ['/users/1', '/groups?per_page=20']) {
    const url = `${origin}/api/v4${path}`
    rows.push({
      group,
      ...(await measureSuite(`suite GET ${path}`, url, { ...CLOSED, headers }, context.cpu)),
    })
  }
}

/**
 * The seeded project's reads, as its owner: paths (with query) by target
 * name, the filtered list checked to list something.
 */
async function projectTargets(origin, seeded) {
  const project = `/api/v4/projects/${seeded.project.id}`
  const listQuery = `labels=bug&author_id=${seeded.author.user.id}&state=opened&per_page=20`
  const targets = {
    mergeRequest: `${project}/merge_requests/${seeded.iid}`,
    filteredList: `${project}/merge_requests?${listQuery}`,
    project,
    tags: `${project}/repository/tags`,
    events: `${project}/events`,
  }
  const headers = { 'PRIVATE-TOKEN': seeded.owner.token }
  const list = JSON.parse(await fetchBody(`${origin}${targets.filteredList}`, headers))
  if (!Array.isArray(list) || list.length === 0) {
    throw new Error(`the filtered list answered ${JSON.stringify(list).slice(0, 300)}`)
  }
  return { targets, headers }
}

/** Each of the project's reads beside its own baselines. */
async function measureProject(rows, origin, { targets, headers }, context) {
  const measured = [
    [
      `GET one merge request of ${MERGE_REQUESTS}`,
      'suite GET /projects/:id/merge_requests/:iid',
      targets.mergeRequest,
    ],
    [
      'GET merge requests?labels=bug&author_id&state=opened&per_page=20',
      'suite GET merge requests, filtered list',
      targets.filteredList,
    ],
    ['GET /projects/:id', 'suite GET /projects/:id', targets.project],
    ['GET /projects/:id/repository/tags', 'suite GET /projects/:id/repository/tags', targets.tags],
    ['GET /projects/:id/events', 'suite GET /projects/:id/events', targets.events],
  ]
  for (const [group, title, pathWithQuery] of measured) {
    await measureWithBaselines(rows, { group, title, origin, pathWithQuery, headers }, context)
  }
}

/**
 * Issue 29's step: each hot endpoint's first read by viewers who read nothing
 * before, then the open-model load over other viewers' first reads.
 */
async function measureManyViewers(origin, base, seeded, { targets }, context) {
  const seedArgs = { base, rootToken: TOKEN, projectId: seeded.project.id }
  const firstReadTargets = [
    ['GET /projects/:id/merge_requests/:iid', targets.mergeRequest],
    ['GET merge requests, filtered list', targets.filteredList],
    ['GET /projects/:id', targets.project],
    ['GET /projects/:id/repository/tags', targets.tags],
    ['GET /projects/:id/events', targets.events],
    ['GET /user', '/api/v4/user'],
  ]
  // Every viewer is made first: adding members starts background work (access facts,
  // events, webhooks) that must be done before anything is measured.
  const firstReaders = []
  for (const _target of firstReadTargets) {
    firstReaders.push(await seedViewers({ ...seedArgs, count: FIRST_READ_VIEWERS, name: 'first' }))
  }
  const viewers = await seedViewers({ ...seedArgs, count: VIEWERS, name: 'viewer' })
  await sleep(SETTLE_AFTER_SEEDING_MS)
  const firstReads = []
  for (const [index, [title, path]] of firstReadTargets.entries()) {
    firstReads.push(await measureFirstRead(title, origin, path, firstReaders[index], context.cpu))
  }
  const project = `/api/v4/projects/${seeded.project.id}`
  const paths = [
    ...Array.from(
      { length: VIEWER_MERGE_REQUESTS },
      (_, n) => `${project}/merge_requests/${seeded.iid - n}`,
    ),
    targets.filteredList,
    targets.project,
    targets.tags,
    targets.events,
    '/api/v4/user',
  ]
  const load = await measureManyViewerLoad(
    origin,
    paths,
    viewers,
    { seconds: SECONDS, connections: LOAD_CONNECTIONS, rate: LOAD_RATE },
    context.cpu,
  )
  return { firstReads, load }
}

/**
 * The whole run against the started suite (`launcherPid`): every row, the
 * open-model run, the scale step, and what is printed and kept of them.
 * Baseline servers go into `servers`.
 */
async function benchmark(launcherPid, servers) {
  const origin = `http://127.0.0.1:${PORT}`
  const base = `${origin}/api/v4`
  const context = { servers, cpu: { launcherPid, database: DATABASE } }

  const rows = []
  await measureIdentity(rows, origin, context)
  const seeded = await seedMergeRequests({
    base,
    rootToken: TOKEN,
    databaseUrl: databaseUrl(),
    count: MERGE_REQUESTS,
  })
  await seedProjectActivity({ base, token: seeded.owner.token, projectId: seeded.project.id })
  const project = await projectTargets(origin, seeded)
  await measureProject(rows, origin, project, context)
  const measured = withRatios(rows)
  printRows(measured, CLOSED)

  const load = await measureLoad(
    origin,
    Object.values(project.targets),
    { headers: project.headers, seconds: SECONDS, connections: LOAD_CONNECTIONS, rate: LOAD_RATE },
    context.cpu,
  )
  printLoad(load)

  const manyViewers =
    VIEWERS > 0 ? await measureManyViewers(origin, base, seeded, project, context) : undefined
  if (manyViewers) printManyViewers(manyViewers)

  const scale = SCALE
    ? await runScaleStep({
        origin,
        base,
        rootToken: TOKEN,
        databaseUrl: databaseUrl(),
        seeded,
        smallCount: MERGE_REQUESTS,
        count: SCALE_MERGE_REQUESTS,
        options: { seconds: SECONDS, connections: SCALE_CONNECTIONS },
        cpu: context.cpu,
      })
    : undefined
  if (scale) printScale(scale)

  printMarkdown(measured, load, scale)
  const settings = {
    seconds: SECONDS,
    connections: CONNECTIONS,
    merge_requests: MERGE_REQUESTS,
    load_rate: LOAD_RATE,
    load_connections: LOAD_CONNECTIONS,
    scale_merge_requests: SCALE ? SCALE_MERGE_REQUESTS : null,
    scale_connections: SCALE_CONNECTIONS,
    viewers: VIEWERS,
    first_read_viewers: FIRST_READ_VIEWERS,
  }
  const written = writeSummary(ROOT, { settings, rows: measured, load, manyViewers, scale })
  process.stdout.write(`\nsummary written to ${written}\n`)
}

await admin(`create database ${DATABASE}`)
const suite = startSuite()
const servers = []
try {
  await suite.ready
  const run = benchmark(suite.child.pid, servers)
  const suiteExit = exitDuringRun(suite)
  // Whichever of the two loses the race rejects later (the run's autocannon
  // fails once the suite is gone; the exit comes when the run stops the
  // suite): not an unhandled rejection.
  run.catch(() => {})
  suiteExit.catch(() => {})
  await Promise.race([run, suiteExit])
} finally {
  for (const server of servers) server.close()
  if (suite.child.exitCode === null && suite.child.signalCode === null) suite.child.kill('SIGTERM')
  await suite.exited
  if (KEEP_DATABASE) process.stdout.write(`kept database ${DATABASE} (BENCH_KEEP_DATABASE=1)\n`)
  else await admin(`drop database if exists ${DATABASE} with (force)`)
  rmSync(REPOSITORY_ROOT, { recursive: true, force: true })
}
