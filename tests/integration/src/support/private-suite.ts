import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { launchSuite, say, type LaunchedSuite } from './launch-suite'
import { descendants, freePort, isAlive } from './processes'
import { ENV_BASE_URL, ENV_ROOT_TOKEN } from './suite-state'

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

export async function startPrivateSuite(env: NodeJS.ProcessEnv = {}): Promise<PrivateSuite> {
  const unlock = await lockPrivateSuite()
  let redis: PrivateRedis | undefined
  let launched: LaunchedSuite
  try {
    redis = await startPrivateRedis()
    // Its ten processes beside the shared suite's: a smaller pool each.
    launched = await launchSuite({ redisUrl: redis.url, env: { DATABASE_POOL_SIZE: '4', ...env } })
  } catch (error) {
    await redis?.stop()
    unlock()
    throw error
  }
  const privateRedis = redis
  const previous = { base: process.env[ENV_BASE_URL], token: process.env[ENV_ROOT_TOKEN] }
  process.env[ENV_BASE_URL] = launched.state.baseUrl
  process.env[ENV_ROOT_TOKEN] = launched.state.rootToken
  const launcherPid = launched.state.pid as number
  return {
    ...launched,
    redis: privateRedis,
    baseUrl: launched.state.baseUrl,
    rootToken: launched.state.rootToken,
    pidOf: (role) => descendants(launcherPid).find((pid) => isAlive(pid) && roleName(pid) === role),
    stop: async () => {
      restoreEnv(ENV_BASE_URL, previous.base)
      restoreEnv(ENV_ROOT_TOKEN, previous.token)
      const clean = await launched.stop()
      await privateRedis.stop()
      unlock()
      if (!clean) say('the private suite had to be killed')
      return clean
    },
  }
}
