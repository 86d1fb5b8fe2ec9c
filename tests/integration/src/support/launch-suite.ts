import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import {
  createDatabase,
  databaseUrl,
  adminDatabaseUrl,
  dropDatabase,
  embeddedDatabaseUrl,
  freshDatabaseName,
} from './database'
import { freePort, freePortBlock, isAlive, stopProcess, tail } from './processes'
import { SUITE_SCHEMAS } from './project-rows'
import type { SuiteState } from './suite-state'

/** The instance registration token of the legacy POST /runners in the suites tests start. */
export const RUNNER_REGISTRATION_TOKEN = 'it-registration-token-0123456789'

const REPO_ROOT = resolve(__dirname, '../../../..')
const LAUNCHER = join(REPO_ROOT, 'packages/launcher/dist/main.js')
const READY_LINE = 'GitLab-compatible API ready at'
/** gRPC ports of one process per role (six servers today, with room); REPLICAS=N needs N blocks. */
const GRPC_PORTS = 10

export function say(line: string): void {
  process.stderr.write(`[integration] ${line}\n`)
}

async function readinessAnswers(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/-/readiness?all=1`, {
      signal: AbortSignal.timeout(2000),
    })
    return res.status === 200
  } catch {
    return false
  }
}

/**
 * Waits for the ready line or a 200 from the first gateway's /-/readiness, then for a 200
 * from every other gateway's (REPLICAS); fails early if the launcher exits.
 */
async function waitUntilReady(
  pid: number,
  gatewayUrls: readonly string[],
  logFile: string,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs
  const [first, ...others] = gatewayUrls
  let pending = [...others]
  let launcherReady = false
  while (Date.now() < deadline) {
    if (!isAlive(pid)) throw new Error('the launcher exited before it was ready')
    launcherReady ||=
      readFileSync(logFile, 'utf8').includes(READY_LINE) ||
      (await readinessAnswers(first as string))
    if (launcherReady) {
      const answers = await Promise.all(pending.map((url) => readinessAnswers(url)))
      pending = pending.filter((_, i) => !answers[i])
      if (pending.length === 0) return
    }
    await new Promise((done) => setTimeout(done, 250))
  }
  throw new Error(`the suite was not ready after ${timeoutMs / 1000} s`)
}

/** Creates a fresh database on the admin server, or returns null when it does not answer. */
async function tryFreshDatabase(adminUrl: string): Promise<SuiteState['database']> {
  const name = freshDatabaseName()
  try {
    await createDatabase(adminUrl, name)
    return { adminUrl, name }
  } catch (error) {
    say(`no PostgreSQL at ${adminUrl} (${String(error)}); using the launcher's embedded one`)
    return null
  }
}

export interface LaunchOptions {
  /** Redis the suite uses; without it TEST_REDIS_URL, else the launcher's default. */
  redisUrl?: string
  /**
   * Services given a database of their own (<SERVICE>_DATABASE_URL) on the
   * admin server, under fresh names the launcher must create; dropped on stop.
   */
  ownDatabases?: readonly string[]
  /** Added to (and overriding) the launcher's environment. */
  env?: NodeJS.ProcessEnv
  /**
   * More environment once the fresh database exists (a pooler in front of it,
   * say), overriding the rest; given the database's name and direct URL.
   */
  databaseEnv?: (database: { name: string; url: string }) => Promise<NodeJS.ProcessEnv>
  /** How long the start may take unless TEST_START_TIMEOUT_MS says; longer for more processes. */
  startTimeoutMs?: number
}

export interface LaunchedSuite {
  state: SuiteState
  /** Stops the launcher, drops the database, removes the temporary directory. */
  stop: () => Promise<boolean>
}

/** Drops what launchSuite made: its database and, unless TEST_KEEP_LOGS, its directory. */
export async function removeSuiteData(state: SuiteState): Promise<void> {
  if (state.database) {
    const { adminUrl } = state.database
    for (const name of [state.database.name, ...(state.ownDatabases ?? [])]) {
      await dropDatabase(adminUrl, name).catch((error: unknown) => {
        say(`could not drop database ${name}: ${String(error)}`)
      })
    }
  }
  if (state.tempDir) {
    if (process.env.TEST_KEEP_LOGS) say(`suite log kept at ${state.logFile}`)
    else rmSync(state.tempDir, { recursive: true, force: true })
  }
}

/**
 * Starts the whole suite with the launcher (`npm start`'s entry point) on a
 * fresh database, its own ports and queue prefix, and resolves once it is ready.
 */
export async function launchSuite(options: LaunchOptions = {}): Promise<LaunchedSuite> {
  if (!existsSync(LAUNCHER)) {
    throw new Error(`${LAUNCHER} is missing: build with \`npx tsc -b\` first`)
  }
  const tempDir = mkdtempSync(join(tmpdir(), 'suite-integration-'))
  const logFile = join(tempDir, 'suite.log')
  // REPLICAS=N runs N of every role: N blocks of gRPC ports, and N gateways on PORT, PORT + 1, ...
  const replicas = Math.max(1, Number(options.env?.REPLICAS ?? 1) || 1)
  const port = await freePortBlock(replicas)
  const baseUrl = `http://127.0.0.1:${port}`
  const gatewayUrls = Array.from({ length: replicas }, (_, k) => `http://127.0.0.1:${port + k}`)
  const rootToken = `root-${randomBytes(16).toString('hex')}`
  const adminUrl = adminDatabaseUrl()
  const database = await tryFreshDatabase(adminUrl)

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    EXTERNAL_URL: baseUrl,
    DATA_DIR: join(tempDir, 'data'),
    REPOSITORY_ROOT: join(tempDir, 'repositories'),
    INITIAL_ROOT_TOKEN: rootToken,
    // What encrypts trigger tokens at rest (the launcher would also make one under DATA_DIR).
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    GRPC_PORT_BASE: String(await freePortBlock(GRPC_PORTS * replicas)),
    QUEUE_PREFIX: `it-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    // Runners: a held long poll answers within seconds, a silent job fails a second after its
    // timeout, and the legacy registration token works.
    RUNNER_LONG_POLL_SECONDS: '5',
    CI_JOB_DEADLINE_GRACE_SECONDS: '1',
    // Webhook deliveries that failed are retried within a second, not ten.
    WEBHOOK_RETRY_DELAY_MS: '200',
    RUNNER_REGISTRATION_TOKEN,
    ...options.env,
  }
  let embeddedUrl: string | null = null
  // Without either, the launcher uses redis://127.0.0.1:6379 or starts its own redis-server.
  const redisUrl = options.redisUrl ?? process.env.TEST_REDIS_URL
  if (redisUrl) env.REDIS_URL = redisUrl
  const ownDatabases: string[] = []
  const databases: Record<string, string> = {}
  if (database) {
    env.DATABASE_URL = databaseUrl(adminUrl, database.name)
    for (const schema of SUITE_SCHEMAS) databases[schema] = env.DATABASE_URL
    for (const service of options.ownDatabases ?? []) {
      const name = `${database.name}_${service.replace(/-/g, '_')}`
      ownDatabases.push(name)
      const url = databaseUrl(adminUrl, name)
      env[`${service.replace(/-/g, '_').toUpperCase()}_DATABASE_URL`] = url
      databases[service.replace(/-/g, '_')] = url
    }
    if (options.databaseEnv) {
      Object.assign(env, await options.databaseEnv({ name: database.name, url: env.DATABASE_URL }))
    }
  } else if (options.databaseEnv) {
    throw new Error(`databaseEnv needs PostgreSQL at ${adminUrl}`)
  } else if (options.ownDatabases?.length) {
    throw new Error(`databases of their own need PostgreSQL at ${adminUrl}`)
  } else {
    delete env.DATABASE_URL
    env.EMBEDDED_PG_PORT = String(await freePort())
    embeddedUrl = embeddedDatabaseUrl(Number(env.EMBEDDED_PG_PORT))
    // As root, the embedded PostgreSQL runs as the postgres user, who must traverse DATA_DIR.
    chmodSync(tempDir, 0o711)
  }

  const log = openSync(logFile, 'a')
  const child = spawn(process.execPath, [LAUNCHER, 'start'], {
    cwd: REPO_ROOT,
    env,
    detached: false,
    stdio: ['ignore', log, log],
  })
  closeSync(log)
  const pid = child.pid
  if (pid === undefined) throw new Error('the launcher did not start')
  child.unref()

  const state: SuiteState = {
    pid,
    baseUrl,
    gatewayUrls,
    rootToken,
    database,
    tempDir,
    logFile,
    queuePrefix: env.QUEUE_PREFIX ?? null,
    databaseUrl: env.DATABASE_URL ?? embeddedUrl,
    databases: database ? databases : embeddedUrl,
    ownDatabases,
    logLevel: env.LOG_LEVEL ?? null,
  }
  const stop = async () => {
    const clean = await stopProcess(pid)
    if (!clean) {
      say(`the launcher ignored SIGTERM for 15 s and was killed; its log:\n${tail(logFile)}`)
    }
    await removeSuiteData(state)
    return clean
  }
  try {
    // An embedded PostgreSQL runs initdb on its first start, which takes longer.
    const timeoutMs = Number(
      process.env.TEST_START_TIMEOUT_MS ?? options.startTimeoutMs ?? (database ? 90_000 : 180_000),
    )
    await waitUntilReady(pid, gatewayUrls, logFile, timeoutMs)
  } catch (error) {
    say(`${String(error)}; the last lines of ${logFile}:\n${tail(logFile)}`)
    await stopProcess(pid)
    await removeSuiteData(state)
    throw error
  }
  return { state, stop }
}
