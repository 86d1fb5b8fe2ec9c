import { isIPv4 } from 'node:net'

/** `host:port`: one name, which DNS may resolve to every replica (a headless Service). */
const HOST_PORT = /^[^\s:,]+:\d{1,5}$/

function isPort(text: string): boolean {
  if (!/^\d{1,5}$/.test(text)) return false
  const port = Number(text)
  return port > 0 && port <= 65535
}

/**
 * Whether `value` is a gRPC target the suite accepts in a *_ADDR variable:
 * `host:port`, or `ipv4:a.b.c.d:port,a.b.c.d:port,...` listing every replica
 * (grpc-js's ipv4 resolver; the round_robin policy then spreads calls over them).
 */
export function isGrpcTarget(value: string): boolean {
  if (!value.startsWith('ipv4:')) return HOST_PORT.test(value)
  const entries = value.slice('ipv4:'.length).split(',')
  return entries.every((entry) => {
    const colon = entry.lastIndexOf(':')
    return colon > 0 && isIPv4(entry.slice(0, colon)) && isPort(entry.slice(colon + 1))
  })
}

/** The target naming every replica's `ip:port`: the address itself when there is one. */
export function replicaTarget(addresses: readonly string[]): string {
  if (addresses.length === 0) throw new Error('a gRPC target needs at least one address')
  return addresses.length === 1 ? (addresses[0] as string) : `ipv4:${addresses.join(',')}`
}

/** The addresses a target lists (`host:port` is one address). */
export function targetAddresses(target: string): string[] {
  return target.startsWith('ipv4:') ? target.slice('ipv4:'.length).split(',') : [target]
}
