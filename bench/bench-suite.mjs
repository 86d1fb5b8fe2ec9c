// The suite as a benchmark other than run.mjs starts it: the launcher's
// `start` on a fresh database of its own (dropped afterwards) and repository
// root, quiet logs, random ports; and an open-model autocannon run that keeps
// every 2xx latency.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'

const ROOT = resolve(import.meta.dirname, '..')
const ADMIN_URL =
  process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/**
 * Starts the suite; resolves once it is ready. `whileRunning(work)` rejects
 * if the suite exits before `work` settles; `stop()` ends it and removes its
 * database and repositories.
 */
export async function startBenchSuite(name) {
  const database = `suite_bench_${name}_${Date.now()}`
  const url = new URL(ADMIN_URL)
  url.pathname = `/${database}`
  const databaseUrl = url.toString()
  const token = `bench-${randomBytes(12).toString('hex')}`
  const port = 18000 + Math.floor(Math.random() * 1000)
  const repositoryRoot = mkdtempSync(join(tmpdir(), `suite-bench-${name}-`))
  await admin(`create database ${database}`)
  const child = spawn(process.execPath, [join(ROOT, 'packages/launcher/dist/main.js'), 'start'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      // Below the ephemeral port range, where outgoing connections could take one first.
      GRPC_PORT_BASE: String(21000 + Math.floor(Math.random() * 100) * 10),
      INITIAL_ROOT_TOKEN: token,
      QUEUE_PREFIX: `bench-${name}-${Date.now()}`,
      REPOSITORY_ROOT: repositoryRoot,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'error',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise((resolveExit) => {
    child.once('exit', (code, signal) => resolveExit(code ?? signal))
  })
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
    await admin(`drop database if exists ${database} with (force)`)
    rmSync(repositoryRoot, { recursive: true, force: true })
  }
  try {
    await new Promise((resolveReady, reject) => {
      child.stdout.on('data', (chunk) => {
        if (String(chunk).includes('GitLab-compatible API ready at')) resolveReady()
      })
      void exited.then((how) => reject(new Error(`the suite exited (${how}) before it was ready`)))
    })
  } catch (error) {
    await stop()
    throw error
  }
  const whileRunning = async (work) => {
    const suiteExit = exited.then((how) => {
      throw new Error(`the suite exited (${how}) during the run; see its stderr above`)
    })
    // The loser of the race rejects later: not an unhandled rejection.
    work.catch(() => {})
    suiteExit.catch(() => {})
    return Promise.race([work, suiteExit])
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    token,
    databaseUrl,
    database,
    launcherPid: child.pid,
    whileRunning,
    stop,
  }
}

/**
 * Open model: `rate` requests a second over `connections`, cycling through
 * `requests` (autocannon request objects), for `seconds`. Latencies as
 * measured (no coordinated-omission correction, see measure.mjs); every 2xx
 * latency is kept for percentiles.
 */
export function runOpenModel(origin, { seconds, rate, connections, requests }) {
  return new Promise((resolveRun, reject) => {
    const latencies = []
    const instance = autocannon(
      {
        url: origin,
        duration: seconds,
        connections,
        overallRate: rate,
        ignoreCoordinatedOmission: true,
        requests,
      },
      (error, result) => (error ? reject(error) : resolveRun({ result, latencies })),
    )
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime)
    })
  })
}
