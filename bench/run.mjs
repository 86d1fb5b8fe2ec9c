// npm run bench: starts the real suite on a fresh database and measures reads
// through the gateway with autocannon, beside two baselines measured in the
// same run on the same machine: an Express 5 route answering the same JSON
// body from memory (the framework's ceiling) and a bare Node HTTP server (the
// machine's). Ratios against the bare server are what to compare across runs.
//
// BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 20) tune the load;
// BENCH_DATABASE_ADMIN_URL names the PostgreSQL to create the database on.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import { join, resolve } from 'node:path'
import autocannon from 'autocannon'
import express from 'express'
import pg from 'pg'

const ROOT = resolve(import.meta.dirname, '..')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
const ADMIN_URL =
  process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const TOKEN = `bench-${randomBytes(12).toString('hex')}`
const DATABASE = `suite_bench_${Date.now()}`
const PORT = 18000 + Math.floor(Math.random() * 1000)
const GRPC_PORT_BASE = 38000 + Math.floor(Math.random() * 100) * 10

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
  const url = new URL(ADMIN_URL)
  url.pathname = `/${DATABASE}`
  const child = spawn(process.execPath, [join(ROOT, 'packages/launcher/dist/main.js'), 'start'], {
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      PORT: String(PORT),
      GRPC_PORT_BASE: String(GRPC_PORT_BASE),
      INITIAL_ROOT_TOKEN: TOKEN,
      QUEUE_PREFIX: `bench-${Date.now()}`,
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

function report(rows) {
  const bare = rows.find((row) => row.title.startsWith('bare'))
  process.stdout.write(`\n${SECONDS}s per target, ${CONNECTIONS} connections\n`)
  process.stdout.write(
    'target                               req/s    p50 ms   p99 ms   vs bare node\n',
  )
  for (const row of rows) {
    const ratio = bare ? (row.rps / bare.rps).toFixed(3) : '-'
    process.stdout.write(
      `${row.title.padEnd(36)} ${row.rps.toFixed(0).padStart(6)} ${String(row.p50).padStart(9)} ${String(row.p99).padStart(8)}   ${ratio}\n`,
    )
  }
}

await admin(`create database ${DATABASE}`)
const suite = startSuite()
const servers = []
try {
  await suite.ready
  const base = `http://127.0.0.1:${PORT}/api/v4`
  const headers = { 'PRIVATE-TOKEN': TOKEN }
  const body = await (await fetch(`${base}/user`, { headers })).text()

  const app = express()
  app.get('/api/v4/user', (_req, res) => {
    res.set('Content-Type', 'application/json').send(body)
  })
  const expressServer = app.listen(0, '127.0.0.1')
  await new Promise((done) => expressServer.once('listening', done))
  servers.push(expressServer)
  const bareServer = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(body)
  })
  servers.push(bareServer)
  const barePort = await listen(bareServer)

  const rows = []
  rows.push(await measure('bare node, same body', `http://127.0.0.1:${barePort}/api/v4/user`))
  rows.push(
    await measure(
      'express 5, same body from memory',
      `http://127.0.0.1:${expressServer.address().port}/api/v4/user`,
    ),
  )
  rows.push(await measure('suite GET /user (token, gRPC)', `${base}/user`, headers))
  rows.push(await measure('suite GET /users/1', `${base}/users/1`, headers))
  rows.push(await measure('suite GET /groups?per_page=20', `${base}/groups?per_page=20`, headers))
  report(rows)
} finally {
  for (const server of servers) server.close()
  suite.child.kill('SIGTERM')
  await new Promise((done) => suite.child.once('exit', done))
  await admin(`drop database if exists ${DATABASE} with (force)`)
}
