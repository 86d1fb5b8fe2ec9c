/**
 * One webhook request: a POST of the JSON payload with GitLab's headers, to
 * an address the url guard allows at connect time, with a timeout and
 * without following redirects. What came back (or why nothing did) is what
 * the delivery log keeps.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import {
  bareHost,
  BlockedUrlError,
  checkAddress,
  isAddressLiteral,
  maskedUrl,
  parseHookUrl,
} from '../domain/hook-url.js'
import type { HookRequest, HookResponse } from '../domain/ports.js'

/** GitLab keeps this much of a response body in the log. */
const RESPONSE_BODY_LIMIT = 8 * 1024

/** Resolves like dns.lookup, refusing every address a hook may not reach. */
function guardedLookup(allowLocal: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4)
      try {
        for (const entry of addresses) checkAddress(entry.address, allowLocal)
      } catch (blocked) {
        return callback(blocked as Error, '', 4)
      }
      if (options.all) return (callback as unknown as AllCallback)(null, addresses)
      const first = addresses[0]
      if (!first) return callback(new BlockedUrlError('Host cannot be resolved or invalid'), '', 4)
      callback(null, first.address, first.family)
    })
  }
}

type AllCallback = (err: Error | null, addresses: LookupAddress[]) => void

const headerValues = (headers: http.IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
    ),
  )

/** Sends one hook request; never throws. */
export async function sendHookRequest(request: HookRequest): Promise<HookResponse> {
  const started = process.hrtime.bigint()
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9
  const failed = (err: unknown): HookResponse => ({
    status: 'internal error',
    headers: {},
    body: '',
    duration: seconds(),
    internalError:
      err instanceof BlockedUrlError
        ? `URL '${maskedUrl(request.url)}' is blocked: ${err.message}`
        : err instanceof Error
          ? err.message
          : String(err),
    ok: false,
  })
  let url: URL
  try {
    url = parseHookUrl(request.url)
    const host = bareHost(url)
    // A literal address is not looked up: check it here.
    if (isAddressLiteral(host)) checkAddress(host, request.allowLocal)
  } catch (err) {
    return failed(err)
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise<HookResponse>((resolve) => {
    // The timeout is the whole request's (GitLab's webhook_timeout), not the socket's idle
    // time: a receiver that drips a byte every few seconds would otherwise hold a delivery
    // slot for as long as it likes.
    const expired = setTimeout(() => {
      resolve(failed(new Error('execution expired')))
      req.destroy()
    }, request.timeoutMs)
    const settle = (response: HookResponse) => {
      clearTimeout(expired)
      resolve(response)
    }
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'Content-Length': Buffer.byteLength(request.body) },
        lookup: guardedLookup(request.allowLocal),
        timeout: request.timeoutMs,
        rejectUnauthorized: request.enableSslVerification,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = []
        let kept = 0
        res.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_BODY_LIMIT) {
            chunks.push(chunk)
            kept += chunk.length
          }
        })
        res.on('error', (err) => settle(failed(err)))
        res.on('end', () => {
          const code = res.statusCode ?? 0
          settle({
            status: String(code),
            headers: headerValues(res.headers),
            body: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8'),
            duration: seconds(),
            internalError: undefined,
            // GitLab counts a redirect as answered (it follows them; this client does not).
            ok: code >= 200 && code < 400,
          })
        })
      },
    )
    req.on('timeout', () => req.destroy(new Error('execution expired')))
    req.on('error', (err) => settle(failed(err)))
    req.end(request.body)
  })
}
