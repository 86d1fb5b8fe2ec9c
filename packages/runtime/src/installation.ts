import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { Redis } from 'ioredis'
import pg from 'pg'
import { z } from 'zod'
import type { Logger } from './logger.js'
import { setQueuePrefix } from './queues.js'

/**
 * Which installation a process belongs to, and the Redis key prefix that
 * follows from it. Every key the suite writes to Redis (BullMQ queues, the
 * change channel, heartbeats, rate limits) starts with the prefix, so two
 * installations on one Redis never see each other's jobs.
 */
export interface Installation {
  /** INSTALLATION_ID, else the identity of the installation's database (`pg:<system id>/<name>`). */
  id: string
  /** QUEUE_PREFIX, else `suite-` and 16 hex digits of the id's SHA-256. */
  prefix: string
  /** Which variable chose the prefix: what a refusal names. */
  prefixFrom: 'QUEUE_PREFIX' | 'INSTALLATION_ID' | 'DATABASE_URL'
}

export interface InstallationSettings {
  installationId?: string | undefined
  queuePrefix?: string | undefined
  databaseUrl?: string | undefined
  /** A PEM CA bundle for PostgreSQL over verified TLS, as DATABASE_SSL_CA_FILE. */
  sslCaFile?: string | undefined
}

/** A setting that stops the process at start; the message names the variable. */
export class InstallationError extends Error {}

/**
 * QUEUE_PREFIX: no colon (BullMQ separates its key parts with it) and no
 * space; an empty value counts as unset.
 */
export const queuePrefixSetting = () =>
  z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'expected 1 to 64 letters, digits, ".", "_" or "-"')
    .optional()
    .or(z.literal('').transform(() => undefined))

/** INSTALLATION_ID: printable ASCII without spaces; an empty value counts as unset. */
export const installationIdSetting = () =>
  z
    .string()
    .regex(/^[!-~]{1,200}$/, 'expected 1 to 200 printable characters without spaces')
    .optional()
    .or(z.literal('').transform(() => undefined))

/** The default prefix of an installation: short, fixed charset, and the same in every process. */
export function queuePrefixFor(installationId: string): string {
  return `suite-${createHash('sha256').update(installationId).digest('hex').slice(0, 16)}`
}

/**
 * The identity of the database at `url`: the cluster's system identifier
 * (pg_control_system, readable by any role; a streaming replica shares its
 * primary's) and the database's name, so two databases of one server differ
 * and a restored copy on another server differs too.
 */
export async function databaseInstallationId(url: string, sslCaFile?: string): Promise<string> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 5_000,
    ...(sslCaFile
      ? { ssl: { ca: readFileSync(sslCaFile, 'utf8'), rejectUnauthorized: true } }
      : {}),
  })
  client.on('error', () => {})
  try {
    await client.connect()
    const result = await client.query<{ system_identifier: string; name: string }>(
      'select system_identifier::text, current_database() as name from pg_control_system()',
    )
    const row = result.rows[0]
    if (!row) throw new Error('pg_control_system() returned no row')
    return `pg:${row.system_identifier}/${row.name}`
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new InstallationError(
      `INSTALLATION_ID: not set, and the database's identity could not be read (${reason}); ` +
        'set INSTALLATION_ID to a name of this installation',
      { cause: error },
    )
  } finally {
    await client.end().catch(() => {})
  }
}

/** Resolves the installation from the settings, reading the database only when nothing names it. */
export async function resolveInstallation(settings: InstallationSettings): Promise<Installation> {
  let id = settings.installationId
  if (id === undefined) {
    if (settings.databaseUrl === undefined) {
      throw new InstallationError('INSTALLATION_ID: required when DATABASE_URL is not set')
    }
    id = await databaseInstallationId(settings.databaseUrl, settings.sslCaFile)
  }
  if (settings.queuePrefix !== undefined) {
    return { id, prefix: settings.queuePrefix, prefixFrom: 'QUEUE_PREFIX' }
  }
  const prefixFrom = settings.installationId === undefined ? 'DATABASE_URL' : 'INSTALLATION_ID'
  return { id, prefix: queuePrefixFor(id), prefixFrom }
}

/** The key that names the installation owning a prefix. */
export function installationKey(prefix: string): string {
  return `${prefix}:installation`
}

/**
 * Claims the prefix for this installation: the first process of an
 * installation writes its id under `<prefix>:installation` (SET NX, no
 * expiry: the claim lives as long as the jobs under the prefix may); every
 * later one compares. A prefix held by another installation is refused.
 */
export async function claimQueuePrefix(redis: Redis, installation: Installation): Promise<void> {
  const key = installationKey(installation.prefix)
  // Twice at most: the key may be deleted between SET NX and GET (an operator releasing it).
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if ((await redis.set(key, installation.id, 'NX')) === 'OK') return
    const holder = await redis.get(key)
    if (holder === installation.id) return
    if (holder !== null) {
      throw new InstallationError(
        `${installation.prefixFrom}: the Redis key prefix "${installation.prefix}" belongs to ` +
          `installation "${holder}", not to this one ("${installation.id}"); give this ` +
          'installation its own QUEUE_PREFIX (or INSTALLATION_ID), or, if that installation ' +
          `is gone for good, delete its keys (${installation.prefix}:*)`,
      )
    }
  }
}

/** `claimQueuePrefix` over a connection of its own to `url`, closed afterwards (the launcher's). */
export async function claimQueuePrefixAt(url: string, installation: Installation): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    connectTimeout: 5_000,
  })
  redis.on('error', () => {})
  try {
    await redis.connect()
    await claimQueuePrefix(redis, installation)
  } finally {
    redis.disconnect()
  }
}

/** Stops the process with one line, as a bad setting does (config.ts). */
function refuse(error: InstallationError): never {
  process.stderr.write(`invalid configuration: ${error.message}\n`)
  process.exit(1)
}

/**
 * A process's start: resolves its installation, makes the prefix this
 * process's queue prefix and claims it in Redis; a refusal stops the process
 * with one line (exit 1). A Redis that does not answer within `waitMs` does
 * not hold the start up (relays and workers wait for Redis anyway): the claim
 * is sent as soon as it answers, before it can hand this process any job
 * under the prefix worth speaking of, and a refusal then stops the process.
 */
export async function joinInstallation(
  settings: InstallationSettings,
  redis: Redis,
  logger: Logger,
  waitMs = 3_000,
): Promise<Installation> {
  let installation: Installation
  try {
    installation = await resolveInstallation(settings)
  } catch (error) {
    if (error instanceof InstallationError) refuse(error)
    throw error
  }
  setQueuePrefix(installation.prefix)
  const claimed = claimQueuePrefix(redis, installation).then(
    () => true,
    (error: unknown) => {
      if (error instanceof InstallationError) refuse(error)
      logger.warn({ err: error, prefix: installation.prefix }, 'could not claim the queue prefix')
      return false
    },
  )
  let timer: NodeJS.Timeout | undefined
  const waited = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), waitMs)
    timer.unref()
  })
  if (!(await Promise.race([claimed, waited]))) {
    logger.warn({ prefix: installation.prefix }, 'Redis did not answer; claiming the prefix later')
  }
  clearTimeout(timer)
  logger.info({ installation: installation.id, prefix: installation.prefix }, 'installation')
  return installation
}
