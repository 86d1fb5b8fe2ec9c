import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { freePort } from './processes'

export const PGBOUNCER_PACKAGE = 'pgbouncer'
const BINARIES = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']

const found = () => BINARIES.find((path) => existsSync(path))

/**
 * PgBouncer's binary, installed with apt-get (Debian package pgbouncer) when
 * missing and this process may; else the reason it cannot be had.
 */
export function pgbouncerBinary(): { binary?: string; reason?: string } {
  const present = found()
  if (present) return { binary: present }
  if (process.getuid?.() !== 0) {
    return { reason: `${PGBOUNCER_PACKAGE} is not installed, and not root to apt-get it` }
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  spawnSync('apt-get', ['update'], { stdio: 'ignore', env, timeout: 300_000 })
  const install = spawnSync('apt-get', ['install', '-y', PGBOUNCER_PACKAGE], {
    stdio: 'ignore',
    env,
    timeout: 300_000,
  })
  const installed = found()
  return installed
    ? { binary: installed }
    : { reason: `apt-get install ${PGBOUNCER_PACKAGE} failed (exit ${String(install.status)})` }
}

export interface PgBouncerOptions {
  binary: string
  /** The PostgreSQL every entry points at (its host, port and user). */
  serverUrl: string
  /** The real database behind every entry. */
  database: string
  /** One database entry per schema, named after it, whose connect_query sets search_path. */
  schemas: readonly string[]
  /** Server connections per entry (default_pool_size). */
  poolSize: number
}

export interface RunningPgBouncer {
  port: number
  /** The URL of one schema's entry. */
  url: (schema: string) => string
  /** An admin console command (SHOW POOLS, SHOW SERVERS, ...), its rows. */
  show: (what: string) => Promise<Record<string, unknown>[]>
  log: () => string
  stop: () => Promise<void>
}

/**
 * A pgbouncer of the test's own in pool_mode=transaction on a free port, with
 * trust auth, in front of `serverUrl`. As root it runs as the postgres user
 * (PgBouncer refuses root), so its directory is readable by all.
 */
export async function startPgBouncer(options: PgBouncerOptions): Promise<RunningPgBouncer> {
  const server = new URL(options.serverUrl)
  const user = decodeURIComponent(server.username || 'postgres')
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'it-pgbouncer-'))
  chmodSync(dir, 0o777)
  const logFile = join(dir, 'pgbouncer.log')
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`, { mode: 0o644 })
  const entries = options.schemas.map(
    (schema) =>
      `${schema} = host=${server.hostname} port=${server.port || '5432'} ` +
      `dbname=${options.database} user=${user} connect_query='SET search_path TO ${schema}'`,
  )
  const ini = [
    '[databases]',
    ...entries,
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${join(dir, 'userlist.txt')}`,
    `admin_users = ${user}`,
    'pool_mode = transaction',
    `default_pool_size = ${options.poolSize}`,
    'max_client_conn = 1000',
    'ignore_startup_parameters = extra_float_digits,options',
    `logfile = ${logFile}`,
    '',
  ].join('\n')
  const iniFile = join(dir, 'pgbouncer.ini')
  writeFileSync(iniFile, ini, { mode: 0o644 })
  const args = process.getuid?.() === 0 ? ['-u', 'postgres', iniFile] : [iniFile]
  const child = spawn(options.binary, args, { stdio: 'ignore' })
  const read = () => {
    const result = spawnSync('cat', [logFile], { encoding: 'utf8' })
    return result.stdout ?? ''
  }
  const adminUrl = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/pgbouncer`
  const show = async (what: string) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 })
    client.on('error', () => {})
    await client.connect()
    try {
      // The admin console speaks the simple query protocol only: no parameters.
      return (await client.query(`SHOW ${what}`)).rows as Record<string, unknown>[]
    } finally {
      await client.end().catch(() => {})
    }
  }
  const stop = async () => {
    child.kill('SIGTERM')
    await new Promise((resolve) =>
      child.exitCode === null ? child.once('exit', resolve) : resolve(null),
    )
    rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 10_000
  for (;;) {
    try {
      await show('VERSION')
      break
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        const log = read()
        await stop()
        throw new Error(`pgbouncer did not start: ${String(error)}\n${log}`, { cause: error })
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    port,
    url: (schema) => `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${schema}`,
    show,
    log: read,
    stop,
  }
}
