import { readFileSync } from 'node:fs'
import type { SuiteDatabases } from './database'

/**
 * What global-setup hands to the tests (through process.env, which jest passes
 * on to its workers) and to global-teardown (through a state file).
 */
export const ENV_BASE_URL = 'INTEGRATION_BASE_URL'
export const ENV_ROOT_TOKEN = 'INTEGRATION_ROOT_TOKEN'
export const ENV_STATE_FILE = 'INTEGRATION_STATE_FILE'
/** The gateways behind the base URL, comma-separated, when it is a balancer in front of several. */
export const ENV_GATEWAY_URLS = 'INTEGRATION_GATEWAY_URLS'

export interface SuiteState {
  /** The launcher's pid; null when the tests reuse a suite somebody else started. */
  pid: number | null
  /** Where the tests send requests: the gateway, or a balancer in front of several. */
  baseUrl: string
  /** Each gateway's own origin (several with REPLICAS); absent when reused. */
  gatewayUrls?: string[]
  rootToken: string
  /** The database created for this run on the admin server, if any. */
  database: { adminUrl: string; name: string } | null
  /** Temporary directory holding the launcher's log and, embedded, its data. */
  tempDir: string | null
  logFile: string | null
  /** BullMQ key prefix of this run on the shared Redis, removed afterwards; null when reused. */
  queuePrefix?: string | null
  /**
   * Where the suite's own database answers, for tests that read it directly: the fresh
   * database on the admin server, or the launcher's embedded PostgreSQL; null when reused.
   */
  databaseUrl?: string | null
  /** Where each service's schema lives (databaseUrl unless a service has a database of its own). */
  databases?: SuiteDatabases | null
  /** The databases of services that have one of their own, dropped with `database`. */
  ownDatabases?: string[]
  /** The suite's LOG_LEVEL (pino); null when reused. */
  logLevel?: string | null
}

export function readSuiteState(file: string): SuiteState {
  return JSON.parse(readFileSync(file, 'utf8')) as SuiteState
}

function required(name: string): string {
  const value = process.env[name]
  if (!value) {
    throw new Error(`${name} is not set: run the tests through jest's integration project`)
  }
  return value
}

/** The gateway's origin, e.g. http://127.0.0.1:41234 (no trailing slash, no /api/v4). */
export function baseUrl(): string {
  return required(ENV_BASE_URL).replace(/\/+$/, '')
}

/**
 * One gateway's own origin, not the balancer's: for what a single process shows (its
 * /metrics). The base URL when the tests talk to one gateway.
 */
export function gatewayUrl(): string {
  const first = process.env[ENV_GATEWAY_URLS]?.split(',')[0]
  return first ? first.replace(/\/+$/, '') : baseUrl()
}

/** INITIAL_ROOT_TOKEN: root's personal access token, scope api. */
export function rootToken(): string {
  return required(ENV_ROOT_TOKEN)
}

/**
 * The database of the suite global-setup started (a fresh one on the admin server, or the
 * launcher's embedded PostgreSQL); undefined when the tests reuse a suite started elsewhere.
 */
export function suiteDatabaseUrl(): string | undefined {
  const file = process.env[ENV_STATE_FILE]
  return (file ? readSuiteState(file).databaseUrl : undefined) ?? undefined
}
