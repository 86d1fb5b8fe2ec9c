import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { descendants, freePort, stopProcess, tail } from './processes'
import { ENV_STATE_FILE, readSuiteState } from './suite-state'

const GATEWAY_MAIN = resolve(__dirname, '../../../../services/gateway/dist/main.js')

export interface GatewayReplica {
  baseUrl: string
  /** The environment the launcher gave its own gateway (DATABASE_URL, REDIS_URL, addresses). */
  env: Record<string, string>
  stop: () => Promise<void>
}

/** The environment of a running process, from /proc. */
function environOf(pid: number): Record<string, string> {
  const pairs = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean)
  return Object.fromEntries(
    pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  )
}

/**
 * Why a second gateway cannot be started beside the suite, or undefined when
 * it can: it copies the environment of the gateway the launcher started.
 */
export function replicaUnavailable(): string | undefined {
  const stateFile = process.env[ENV_STATE_FILE]
  if (!stateFile) return 'no suite state file: the suite was not started by global-setup'
  const state = readSuiteState(stateFile)
  if (state.pid === null) return 'the tests reuse a suite somebody else started'
  if (process.platform !== 'linux') return 'reading a process environment needs Linux /proc'
  return undefined
}

function launcherGatewayPid(): number {
  const state = readSuiteState(process.env[ENV_STATE_FILE] as string)
  const pid = descendants(state.pid as number).find((candidate) => {
    try {
      return readFileSync(`/proc/${candidate}/cmdline`, 'utf8').includes('services/gateway/dist')
    } catch {
      return false
    }
  })
  if (pid === undefined) throw new Error('the launcher runs no gateway process')
  return pid
}

/**
 * A second gateway process beside the launcher's, with the same services,
 * database and Redis, on a port of its own: a replica as Kubernetes would run
 * it, with `extraEnv` on top of the launcher gateway's environment. Resolves
 * once it answers authenticated API calls.
 */
export async function startGatewayReplica(
  token: string,
  extraEnv: Record<string, string> = {},
): Promise<GatewayReplica> {
  const env = environOf(launcherGatewayPid())
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const dir = mkdtempSync(join(tmpdir(), 'gateway-replica-'))
  const logFile = join(dir, 'gateway.log')
  const log = openSync(logFile, 'a')
  const child: ChildProcess = spawn(process.execPath, [GATEWAY_MAIN], {
    env: { ...env, ...extraEnv, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  })
  closeSync(log)
  const stop = async () => {
    if (child.pid !== undefined) await stopProcess(child.pid, 5_000)
    rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/api/v4/user`, { headers: { 'PRIVATE-TOKEN': token } })
      if (res.status === 200) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      const output = tail(logFile)
      await stop()
      throw new Error(`the gateway replica did not start:\n${output}`)
    }
    await new Promise((done) => setTimeout(done, 200))
  }
  return { baseUrl, env, stop }
}

/** The response cache's hit count on a gateway, from its /metrics. */
export async function cacheHits(baseUrl: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text()
  const line = text
    .split('\n')
    .find((row) => row.startsWith('read_cache_requests_total{cache="responses",result="hit"'))
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0
}
