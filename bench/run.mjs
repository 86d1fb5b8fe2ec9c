// npm run bench: starts the real suite on a fresh database and measures reads
// through the gateway with autocannon, beside two baselines measured in the
// same run on the same machine: an Express 5 route answering the same JSON
// body from memory (the framework's ceiling) and a bare Node HTTP server (the
// machine's). Ratios against the bare server are what to compare across runs.
//
// Merge requests: one project is seeded with 10,000 merge requests (and others
// around it, see seed-merge-requests.mjs); a single merge request and a
// filtered list (labels + author + state, per_page 20) are measured, each
// beside its own baselines answering the same body.
//
// BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 20) tune the load;
// BENCH_MERGE_REQUESTS (default 10000) the size of the seeded project;
// BENCH_DATABASE_ADMIN_URL names the PostgreSQL to create the database on.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import autocannon from 'autocannon'
import express from 'express'
import pg from 'pg'
import { seedMergeRequests } from './seed-merge-requests.mjs'

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
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const ready = new Promise((resolveReady, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('GitLab-compatible API ready at')) resolveReady()
    })
    child.once('exit', (code) =>
      reject(new Error(`the suite exited (${code}) before it was ready`)),
    )
  })
  return { child, ready }
}

function listen(server) {
  return new Promise((resolveListen) => {
    server.listen(0, '127.0.0.1', () => resolveListen(server.address().port))
  })
}

function measure(title, url, headers = {}) {
  return new Promise((resolveRun, reject) => {
    autocannon({ url, headers, duration: SECONDS, connections: CONNECTIONS }, (error, result) => {
      if (error) return reject(error)
      if (result.non2xx > 0) return reject(new Error(`${title}: ${result.non2xx} non-2xx answers`))
      resolveRun({
        title,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
      })
    })
  })
}

/** Each row beside the bare-node baseline of its own group (the same body). */
function report(rows) {
  process.stdout.write(`\n${SECONDS}s per target, ${CONNECTIONS} connections\n`)
  process.stdout.write(
    'target                                          req/s    p50 ms   p99 ms   vs bare node\n',
  )
  let group
  for (const row of rows) {
    if (row.group !== group) {
      group = row.group
      process.stdout.write(`${group}\n`)
    }
    const bare = rows.find((other) => other.group === row.group && other.title.startsWith('bare'))
    const ratio = bare ? (row.rps / bare.rps).toFixed(3) : '-'
    process.stdout.write(
      `  ${row.title.padEnd(45)} ${row.rps.toFixed(0).padStart(6)} ${String(row.p50).padStart(9)} ${String(row.p99).padStart(8)}   ${ratio}\n`,
    )
  }
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

/** Measures one suite route beside its two baselines, which answer its body. */
async function measureWithBaselines(rows, group, origin, pathWithQuery, headers, servers) {
  const body = await fetchBody(`${origin}${pathWithQuery}`, headers)
  const baseline = await baselineServers(new Map([[pathWithQuery, body]]), servers)
  rows.push({
    group,
    ...(await measure('bare node, same body', `${baseline.bare}${pathWithQuery}`)),
  })
  rows.push({
    group,
    ...(await measure('express 5, same body from memory', `${baseline.express}${pathWithQuery}`)),
  })
  rows.push({ group, ...(await measure('suite', `${origin}${pathWithQuery}`, headers)) })
}

await admin(`create database ${DATABASE}`)
const suite = startSuite()
const servers = []
try {
  await suite.ready
  const origin = `http://127.0.0.1:${PORT}`
  const base = `${origin}/api/v4`
  const headers = { 'PRIVATE-TOKEN': TOKEN }
  const body = await fetchBody(`${base}/user`, headers)
  const baseline = await baselineServers(new Map([['/api/v4/user', body]]), servers)

  const rows = []
  const group = 'GET /user body'
  rows.push({ group, ...(await measure('bare node, same body', `${baseline.bare}/api/v4/user`)) })
  rows.push({
    group,
    ...(await measure('express 5, same body from memory', `${baseline.express}/api/v4/user`)),
  })
  rows.push({ group, ...(await measure('suite GET /user (token, gRPC)', `${base}/user`, headers)) })
  rows.push({ group, ...(await measure('suite GET /users/1', `${base}/users/1`, headers)) })
  rows.push({
    group,
    ...(await measure('suite GET /groups?per_page=20', `${base}/groups?per_page=20`, headers)),
  })

  const seeded = await seedMergeRequests({
    base,
    rootToken: TOKEN,
    databaseUrl: databaseUrl(),
    count: MERGE_REQUESTS,
  })
  const mrHeaders = { 'PRIVATE-TOKEN': seeded.owner.token }
  const projectPath = `/api/v4/projects/${seeded.project.id}/merge_requests`
  const listQuery = `labels=bug&author_id=${seeded.author.user.id}&state=opened&per_page=20`
  const list = JSON.parse(await fetchBody(`${origin}${projectPath}?${listQuery}`, mrHeaders))
  if (!Array.isArray(list) || list.length === 0) {
    throw new Error(`the filtered list answered ${JSON.stringify(list).slice(0, 300)}`)
  }
  await measureWithBaselines(
    rows,
    `GET one merge request of ${MERGE_REQUESTS}`,
    origin,
    `${projectPath}/${seeded.iid}`,
    mrHeaders,
    servers,
  )
  await measureWithBaselines(
    rows,
    'GET merge requests?labels=bug&author_id&state=opened&per_page=20',
    origin,
    `${projectPath}?${listQuery}`,
    mrHeaders,
    servers,
  )
  report(rows)
} finally {
  for (const server of servers) server.close()
  suite.child.kill('SIGTERM')
  await new Promise((done) => suite.child.once('exit', done))
  await admin(`drop database if exists ${DATABASE} with (force)`)
  rmSync(REPOSITORY_ROOT, { recursive: true, force: true })
}
