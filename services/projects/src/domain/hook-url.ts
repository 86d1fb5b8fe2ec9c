/**
 * Where a webhook may send (GitLab's UrlBlocker for hooks): http or https
 * only, and never to this host, the local network or link-local addresses
 * unless the instance allows local requests from hooks. The check runs on
 * the url when a hook is saved and on every address the name resolves to
 * when a delivery connects (so a name that resolves elsewhere later, DNS
 * rebinding, is caught where it matters).
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'
import { blockedAddressReason } from './blocked-address.js'

/** Why an address or url is refused; the message follows GitLab's. */
export class BlockedUrlError extends Error {}

const LOCALHOST_NAMES = new Set(['localhost', 'localhost.localdomain'])

/** Whether the host is an address rather than a name. */
export function isAddressLiteral(host: string): boolean {
  return ipaddr.isValid(host)
}

/** Throws when a hook may not connect to the address. */
export function checkAddress(address: string, allowLocal: boolean): void {
  if (!ipaddr.isValid(address)) throw new BlockedUrlError('Host cannot be resolved or invalid')
  if (allowLocal) return
  const reason = blockedAddressReason(address)
  if (reason) throw new BlockedUrlError(reason)
}

/** The url parsed, when its form is one a hook may have; throws why not. */
export function parseHookUrl(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new BlockedUrlError('Only allowed schemes are http, https')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BlockedUrlError('Only allowed schemes are http, https')
  }
  if (url.hostname === '') throw new BlockedUrlError('Host cannot be resolved or invalid')
  return url
}

/** The host name without the brackets of an IPv6 literal. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1')
}

/**
 * Checks a url as GitLab does when a hook is saved: its scheme, and the
 * addresses its host is or resolves to. A name that does not resolve is
 * accepted (GitLab's save-time check does the same); the delivery's connect
 * checks what it resolves to then.
 */
export async function checkHookUrl(
  raw: string,
  allowLocal: boolean,
  resolve: (host: string) => Promise<string[]> = resolveAll,
): Promise<void> {
  const url = parseHookUrl(raw)
  const host = bareHost(url)
  if (allowLocal) return
  if (LOCALHOST_NAMES.has(host.toLowerCase())) {
    throw new BlockedUrlError('Requests to localhost are not allowed')
  }
  if (isAddressLiteral(host)) return checkAddress(host, false)
  let addresses: string[]
  try {
    addresses = await resolve(host)
  } catch {
    // A name that does not resolve now is accepted; the delivery checks it again.
    return
  }
  for (const address of addresses) checkAddress(address, false)
}

async function resolveAll(host: string): Promise<string[]> {
  const found = await dnsLookup(host, { all: true, verbatim: true })
  return found.map((entry) => entry.address)
}

/** The url as logged and shown in errors: credentials in it masked. */
export function maskedUrl(raw: string): string {
  try {
    const url = new URL(raw)
    if (url.username) url.username = '*****'
    if (url.password) url.password = '*****'
    return url.toString()
  } catch {
    return raw
  }
}
