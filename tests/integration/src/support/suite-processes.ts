import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { descendants } from './processes'
import { ENV_STATE_FILE, readSuiteState } from './suite-state'

/**
 * The suite's processes as the launcher started them, found through its pid
 * and /proc (Linux, a suite global-setup started: see replicaUnavailable).
 */
export interface RoleProcess {
  pid: number
  /** e.g. "identity server", "projects repository", "gateway". */
  label: string
  env: Record<string, string>
}

/** Every process the launcher started and still runs, with its environment. */
export function suiteProcesses(): RoleProcess[] {
  const state = readSuiteState(process.env[ENV_STATE_FILE] as string)
  return descendants(state.pid as number).flatMap((pid) => {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
      const main = args.findIndex((arg) =>
        /\/(services|packages)\/[\w-]+\/dist\/main\.js$/.test(arg),
      )
      if (main < 0) return []
      const service = /\/([\w-]+)\/dist\/main\.js$/.exec(args[main] as string)?.[1] ?? '?'
      const pairs = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean)
      const env = Object.fromEntries(
        pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      )
      return [{ pid, label: [service, ...args.slice(main + 1)].join(' '), env }]
    } catch {
      return [] // ended while we looked
    }
  })
}

/** The local addresses (hex, as /proc/net/tcp* print them) of the sockets a process listens on. */
export function listeningAddresses(pid: number): string[] {
  const inodes = new Set<string>()
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`)
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1]
      if (inode) inodes.add(inode)
    } catch {
      // closed while we looked
    }
  }
  const found: string[] = []
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/)
      // local_address is field 1, st field 3 (0A: LISTEN), inode field 9.
      if (fields[3] === '0A' && inodes.has(fields[9] ?? '')) found.push(fields[1] as string)
    }
  }
  return found
}

export const IPV4_LOOPBACK = /^0100007F:/
export const IPV6_LOOPBACK = /^0{24}01000000:/

/** The launcher's names of the gRPC roles `npm start` runs, one port each. */
export const GRPC_SERVERS = [
  'identity server',
  'projects server',
  'projects repository',
  'merge-requests server',
  'ci-triggers server',
  'alerting server',
] as const
/** The launcher's names of the worker roles. */
export const WORKERS = [
  'projects worker',
  'merge-requests worker',
  'ci-triggers worker',
  'alerting worker',
] as const
/** Every role `npm start` runs, the gateway last. */
export const ROLES = [...GRPC_SERVERS, ...WORKERS, 'gateway'] as const
