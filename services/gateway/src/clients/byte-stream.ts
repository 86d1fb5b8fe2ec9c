import { PassThrough, type Readable } from 'node:stream'
import type { ClientReadableStream } from '@grpc/grpc-js'

/**
 * The `{ data }` messages of a server-streaming call as one byte stream,
 * handed over once the first message (or the end) has arrived: a call that
 * fails before that rejects, so its error still becomes GitLab's status and
 * body. The call is paused while the reader is slow, and cancelled when the
 * reader stops reading.
 */
export function byteStream(call: ClientReadableStream<{ data: Buffer }>): Promise<Readable> {
  return new Promise((resolve, reject) => {
    const out = new PassThrough()
    let started = false
    const start = () => {
      if (started) return
      started = true
      resolve(out)
    }
    call.on('data', (message: { data: Buffer }) => {
      start()
      if (!out.write(message.data)) {
        call.pause()
        out.once('drain', () => call.resume())
      }
    })
    call.once('end', () => {
      start()
      out.end()
    })
    call.once('error', (error: Error) => {
      if (started) out.destroy(error)
      else {
        started = true
        reject(error)
      }
    })
    out.once('close', () => call.cancel())
  })
}
