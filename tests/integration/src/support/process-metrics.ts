import { readFileSync } from 'node:fs'
import { listeningAddresses } from './suite-processes'

/** The environment of a running process, from /proc. */
export function environOf(pid: number): Record<string, string> {
  const pairs = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean)
  return Object.fromEntries(
    pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  )
}

/**
 * The Prometheus text of a domain service process (server, repository or worker role),
 * read from its metrics port: the one it listens on besides GRPC_PORT (workers listen on
 * no other). Fails when no port answers /metrics.
 */
export async function processMetrics(pid: number): Promise<string> {
  const grpcPort = Number(environOf(pid)['GRPC_PORT'])
  const ports = listeningAddresses(pid)
    .map((address) => parseInt(address.slice(address.indexOf(':') + 1), 16))
    .filter((port) => port !== grpcPort)
  for (const port of ports) {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`).catch(() => undefined)
    if (res?.status === 200) return res.text()
  }
  throw new Error(`process ${pid} answers /metrics on none of its ports ${ports.join(', ')}`)
}

/** The sum of a metric's samples whose labels include `labels` (0 when none). */
export function metricValue(text: string, name: string, labels: Record<string, string>): number {
  let total = 0
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue
    const wanted = Object.entries(labels).every(([key, value]) =>
      line.includes(`${key}="${value}"`),
    )
    if (wanted) total += Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return total
}

/** One metric's value in each process, by pid. */
export async function metricByProcess(
  pids: readonly number[],
  name: string,
  labels: Record<string, string>,
): Promise<Map<number, number>> {
  const values = await Promise.all(
    pids.map(async (pid) => metricValue(await processMetrics(pid), name, labels)),
  )
  return new Map(pids.map((pid, index) => [pid, values[index] ?? 0]))
}
