import { checkHealth } from '@suite/runtime'
import { grpcAddresses, LOOPBACK, type AssignedService, type GrpcAddress } from './ports.js'

const POLL_MS = 250

export interface WaitOptions {
  /** Absolute time (ms since epoch) after which waiting fails. */
  deadline: number
  /** Polled between attempts; true ends the wait early (the suite is stopping). */
  cancelled: () => boolean
}

export class NotReadyError extends Error {}

/** Where to reach the gateway from here, whatever it binds to. */
export function pollHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return LOOPBACK
  return host.includes(':') ? `[${host}]` : host
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until every domain service's gRPC health check answers SERVING. */
export function waitForServices(
  services: readonly AssignedService[],
  options: WaitOptions,
): Promise<void> {
  return waitForServers(grpcAddresses(services), options)
}

/** Waits until each of these gRPC servers (every replica apart) answers SERVING. */
export async function waitForServers(
  servers: readonly GrpcAddress[],
  options: WaitOptions,
): Promise<void> {
  let waiting = [...servers]
  while (waiting.length > 0) {
    const healthy = await Promise.all(waiting.map((server) => checkHealth(server.address)))
    waiting = waiting.filter((_server, index) => !healthy[index])
    if (waiting.length === 0 || options.cancelled()) return
    if (Date.now() > options.deadline) {
      const names = waiting.map((s) => `${s.label} (gRPC ${s.address})`).join(', ')
      throw new NotReadyError(`not ready in time: ${names} not SERVING`)
    }
    await sleep(POLL_MS)
  }
}

/** Waits until GET <url> answers 200; the error names the last answer. */
export async function waitForHttp(name: string, url: string, options: WaitOptions): Promise<void> {
  let last: string
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      const body = (await response.text()).slice(0, 200)
      if (response.status === 200) return
      last = `answered ${response.status} ${body}`.trim()
    } catch (error) {
      last = error instanceof Error ? describeFetchError(error) : 'no answer'
    }
    if (options.cancelled()) return
    if (Date.now() > options.deadline) {
      throw new NotReadyError(`not ready in time: ${name} (${url}) ${last}`)
    }
    await sleep(POLL_MS)
  }
}

function describeFetchError(error: Error): string {
  const cause = (error as { cause?: unknown }).cause
  if (cause instanceof Error) return cause.message
  return error.message
}
