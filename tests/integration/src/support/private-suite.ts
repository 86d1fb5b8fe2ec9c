import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { launchSuite, say, type LaunchedSuite, type LaunchOptions } from './launch-suite'
import { descendants, freePort, isAlive } from './processes'
import { ENV_BASE_URL, ENV_GATEWAY_URLS, ENV_ROOT_TOKEN } from './suite-state'

/** A redis-server of the test's own, so that pausing or killing it touches no other test. */
export interface PrivateRedis {
  url: string
  /** A client for commands such as CLIENT PAUSE. */
  admin: Redis
  stop: () => Promise<void>
}

/** Why a private redis-server cannot be started here, or undefined when it can. */
export function privateRedisUnavailable(): string | undefined {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' })
  if (probe.error || probe.status !== 0) {
    return 'redis-server is not installed (Debian package redis-server)'
  }
  return undefined
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort()
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  )
  const url = `redis://127.0.0.1:${port}`
  const admin = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null })
  const deadline = Date.now() + 10_000
  for (;;) {
    try {
      await admin.connect()
      await admin.ping()
      break
    } catch (error) {
      admin.disconnect()
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    url,
    admin,
    stop: async () => {
      admin.disconnect()
      child.kill('SIGKILL')
      await new Promise((resolve) =>
        child.exitCode === null ? child.once('exit', resolve) : resolve(null),
      )
    },
  }
}

/**
 * A whole suite of the test's own, started by the launcher as `npm start`
 * would, with a private Redis: a test may kill its processes or freeze its
 * Redis without disturbing the other test files. While it runs, the support
 * helpers (api, factories) talk to it; `stop` points them back.
 */
export interface PrivateSuite extends LaunchedSuite {
  redis: PrivateRedis
  baseUrl: string
  rootToken: string
  /** The pid of one role, by the launcher's name for it: "merge-requests worker", "gateway". */
  pidOf: (role: string) => number | undefined
  /** Every live process of a role (several with REPLICAS), lowest pid first. */
  pidsOf: (role: string) => number[]
}

/** The launcher's name of a process it started: "<service> <role>" or "gateway". */
function roleName(pid: number): string | undefined {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
    const main = args.findIndex((arg) => /services\/[^/]+\/dist\/main\.js$/.test(arg))
    if (main < 0) return undefined
    const service = /services\/([^/]+)\/dist/.exec(args[main] as string)?.[1] as string
    const role = args[main + 1]
    return role ? `${service} ${role}` : service
  } catch {
    return undefined
  }
}

function restoreEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name]
  else process.env[name] = value
}

const HELPER_ENV = [ENV_BASE_URL, ENV_ROOT_TOKEN, ENV_GATEWAY_URLS] as const

/** Points the support helpers at `suite` (its one gateway); returns what to restore. */
function pointHelpersAt(suite: LaunchedSuite): Map<string, string | undefined> {
  const previous = new Map(HELPER_ENV.map((name) => [name, process.env[name]]))
  process.env[ENV_BASE_URL] = suite.state.baseUrl
  process.env[ENV_ROOT_TOKEN] = suite.state.rootToken
  delete process.env[ENV_GATEWAY_URLS]
  return previous
}

function restoreHelpers(previous: Map<string, string | undefined>): void {
  for (const [name, value] of previous) restoreEnv(name, value)
}

const LOCK_DIR = join(tmpdir(), 'suite-integration-private.lock')

/**
 * One private suite at a time on this machine (a directory made atomically,
 * holding its owner's pid): beside the shared suite, a second private one
 * would press PostgreSQL's connection limit and the two cores. A lock whose
 * owner is gone is taken over.
 */
async function lockPrivateSuite(): Promise<() => void> {
  const owner = join(LOCK_DIR, 'pid')
  const deadline = Date.now() + 600_000
  for (;;) {
    if (Date.now() > deadline) {
      say(`${LOCK_DIR} held for 10 minutes by pid ${readFileSyncOr(owner)}; going on beside it`)
      return () => undefined
    }
    try {
      mkdirSync(LOCK_DIR)
      writeFileSync(owner, String(process.pid))
      return () => rmSync(LOCK_DIR, { recursive: true, force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number(readFileSyncOr(owner))
      if (pid > 0 && !isAlive(pid)) rmSync(LOCK_DIR, { recursive: true, force: true })
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
}

function readFileSyncOr(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

export async function startPrivateSuite(
  env: NodeJS.ProcessEnv = {},
  options: Pick<LaunchOptions, 'ownDatabases' | 'databaseEnv'> = {},
): Promise<PrivateSuite> {
  const unlock = await lockPrivateSuite()
  let redis: PrivateRedis | undefined
  let launched: LaunchedSuite
  try {
    redis = await startPrivateRedis()
    // Its processes beside the shared suite's: a smaller pool each, and smaller still beside
    // a shared suite of two of every role (the budget is in shared-suite.ts).
    const beside = process.env[ENV_GATEWAY_URLS]?.split(',').length ?? 1
    launched = await launchSuite({
      ...options,
      redisUrl: redis.url,
      env: { DATABASE_POOL_SIZE: beside > 1 ? '2' : '3', ...env },
      // Beside twenty-two processes on two cores its start took over the 90 s default.
      startTimeoutMs: beside > 1 ? 240_000 : undefined,
    })
  } catch (error) {
    await redis?.stop()
    unlock()
    throw error
  }
  const privateRedis = redis
  const previous = pointHelpersAt(launched)
  const launcherPid = launched.state.pid as number
  const pidsOf = (role: string) =>
    descendants(launcherPid)
      .filter((pid) => isAlive(pid) && roleName(pid) === role)
      .sort((a, b) => a - b)
  return {
    ...launched,
    redis: privateRedis,
    baseUrl: launched.state.baseUrl,
    rootToken: launched.state.rootToken,
    pidOf: (role) => pidsOf(role)[0],
    pidsOf,
    stop: async () => {
      restoreHelpers(previous)
      const clean = await launched.stop()
      await privateRedis.stop()
      unlock()
      if (!clean) say('the private suite had to be killed')
      return clean
    },
  }
}

/** Whole suites of the test's own that share one private Redis (installations side by side). */
export interface SuitesOnOneRedis {
  redis: PrivateRedis
  suites: LaunchedSuite[]
  stop: () => Promise<void>
}

/**
 * `envs.length` suites started one after the other on one private Redis, each
 * on its own fresh database, all running at once (under the private-suite
 * lock, as one private suite). The support helpers keep talking to the
 * shared suite: call them inside `asSuite`.
 */
export async function startSuitesOnOneRedis(envs: NodeJS.ProcessEnv[]): Promise<SuitesOnOneRedis> {
  const unlock = await lockPrivateSuite()
  const suites: LaunchedSuite[] = []
  let redis: PrivateRedis | undefined
  const stop = async () => {
    for (const suite of suites) await suite.stop()
    await redis?.stop()
    unlock()
  }
  try {
    redis = await startPrivateRedis()
    for (const env of envs) {
      suites.push(
        await launchSuite({ redisUrl: redis.url, env: { DATABASE_POOL_SIZE: '2', ...env } }),
      )
    }
  } catch (error) {
    await stop()
    throw error
  }
  return { redis, suites, stop }
}

/** Runs `work` with the support helpers (api, factories) pointed at `suite`. */
export async function asSuite<T>(suite: LaunchedSuite, work: () => Promise<T>): Promise<T> {
  const previous = pointHelpersAt(suite)
  try {
    return await work()
  } finally {
    restoreHelpers(previous)
  }
}
