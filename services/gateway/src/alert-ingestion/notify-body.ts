import type { Readable } from 'node:stream'

/** Gitlab::Utils::DeepSize's defaults for alert payloads. */
export const MAX_PAYLOAD_BYTES = 1024 * 1024
export const MAX_PAYLOAD_DEPTH = 100

/**
 * A body past the limit is still read to its end (and dropped) so that the
 * sender sees the 400 rather than a reset connection; past this much more
 * the connection is closed instead.
 */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024

export type BodyResult =
  { ok: true; text: string } | { ok: false; reason: 'too_large'; closeConnection: boolean }

/**
 * The request body as text, holding at most MAX_PAYLOAD_BYTES in memory:
 * a longer one (declared or sent) is refused without being kept.
 */
export function readNotifyBody(
  req: Readable,
  declaredLength: number | undefined,
): Promise<BodyResult> {
  if (declaredLength !== undefined && declaredLength > DRAIN_LIMIT_BYTES) {
    return Promise.resolve({ ok: false, reason: 'too_large', closeConnection: true })
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let received = 0
    const onData = (chunk: Buffer) => {
      received += chunk.length
      if (received <= MAX_PAYLOAD_BYTES) chunks.push(chunk)
      else chunks.length = 0
      if (received > DRAIN_LIMIT_BYTES) {
        cleanup()
        resolve({ ok: false, reason: 'too_large', closeConnection: true })
      }
    }
    const onEnd = () => {
      cleanup()
      if (received > MAX_PAYLOAD_BYTES) {
        resolve({ ok: false, reason: 'too_large', closeConnection: false })
        return
      }
      resolve({ ok: true, text: Buffer.concat(chunks, received).toString('utf8') })
    }
    const onError = (error: Error) => {
      cleanup()
      reject(error)
    }
    const cleanup = () => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
    }
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
  })
}

/** Whether the text is one JSON object (not an array, a string, a number or null). */
export function isJsonObject(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
  } catch {
    return false
  }
}
