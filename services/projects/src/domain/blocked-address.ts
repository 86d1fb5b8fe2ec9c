/**
 * Which addresses a webhook may not reach, and GitLab's reason for each.
 * IPv6 has several forms that carry an IPv4 address or reach one through a
 * translator or tunnel (mapped, compatible, SIIT, NAT64, 6to4, Teredo): a
 * guard that looks only at the IPv6 range lets `64:ff9b::a9fe:a9fe` reach
 * 169.254.169.254. Those forms are judged by the IPv4 address inside them
 * where there is one, and refused as a whole where the path out is a
 * translator or tunnel the instance does not control.
 */
import ipaddr from 'ipaddr.js'

const LOCAL_NETWORK = 'Requests to the local network are not allowed'

/** GitLab's reason for each kind of address (ipaddr.js range names) a hook may not reach. */
const BLOCKED_RANGES: Record<string, string> = {
  unspecified: 'Requests to localhost are not allowed',
  loopback: 'Requests to loopback addresses are not allowed',
  private: LOCAL_NETWORK,
  uniqueLocal: LOCAL_NETWORK,
  reserved: LOCAL_NETWORK,
  linkLocal: 'Requests to the link local network are not allowed',
  carrierGradeNat: 'Requests to the shared address space are not allowed',
  broadcast: 'Requests to the limited broadcast address are not allowed',
  // IPv6 site-local (fec0::/10), deprecated but still routed inside some networks.
  deprecatedSiteLocal: LOCAL_NETWORK,
  discard: LOCAL_NETWORK,
  multicast: LOCAL_NETWORK,
}

/** Where the embedded IPv4 address sits in an IPv6 prefix, as 16-bit part indexes. */
interface EmbeddingPrefix {
  cidr: [ipaddr.IPv6, number]
  /** The two parts holding the IPv4 address; none when the prefix is refused whole. */
  ipv4At?: [number, number]
  /** The address is the IPv4 host itself (mapped): a public one may be reached. */
  sameHost?: boolean
}

const prefix = (cidr: string, ipv4At?: [number, number], sameHost = false): EmbeddingPrefix => ({
  cidr: ipaddr.IPv6.parseCIDR(cidr),
  ipv4At,
  sameHost,
})

/**
 * Prefixes that reach IPv4 or tunnel out. Each is refused; the embedded
 * IPv4 address, where there is one, gives the reason when it is local.
 */
const EMBEDDING_PREFIXES: readonly EmbeddingPrefix[] = [
  prefix('::ffff:0:0/96', [6, 7], true), // IPv4-mapped
  prefix('::/96', [6, 7]), // IPv4-compatible (deprecated); :: and ::1 are judged first
  prefix('::ffff:0:0:0/96', [6, 7]), // SIIT IPv4-translated (RFC 6145)
  prefix('64:ff9b::/96', [6, 7]), // NAT64 well-known prefix (RFC 6052)
  prefix('64:ff9b:1::/48'), // NAT64 local-use prefixes (RFC 8215)
  prefix('2002::/16', [1, 2]), // 6to4
  prefix('2001::/32'), // Teredo: the server and the obfuscated client are both IPv4
]

function ipv4From(address: ipaddr.IPv6, at: [number, number]): ipaddr.IPv4 {
  const high = address.parts[at[0]] ?? 0
  const low = address.parts[at[1]] ?? 0
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff])
}

function ipv6Reason(address: ipaddr.IPv6): string | undefined {
  const range = address.range()
  if (range === 'unspecified' || range === 'loopback') return BLOCKED_RANGES[range]
  for (const embedding of EMBEDDING_PREFIXES) {
    if (!address.match(embedding.cidr)) continue
    if (!embedding.ipv4At) return LOCAL_NETWORK
    const inner = ipv4Reason(ipv4From(address, embedding.ipv4At))
    return embedding.sameHost ? inner : (inner ?? LOCAL_NETWORK)
  }
  return BLOCKED_RANGES[range]
}

function ipv4Reason(address: ipaddr.IPv4): string | undefined {
  return BLOCKED_RANGES[address.range()]
}

/**
 * GitLab's reason a hook may not connect to this address, or undefined when
 * it may. The address must be valid (ipaddr.isValid).
 */
export function blockedAddressReason(address: string): string | undefined {
  const parsed = ipaddr.parse(address)
  return parsed.kind() === 'ipv6'
    ? ipv6Reason(parsed as ipaddr.IPv6)
    : ipv4Reason(parsed as ipaddr.IPv4)
}
