import { PassThrough, Writable, type Readable } from 'node:stream'
import type { handleBidiStreamingCall, ServerDuplexStream } from '@grpc/grpc-js'
import {
  DomainError,
  REQUEST_ID_METADATA_KEY,
  runWithRequestId,
  toGrpcFailure,
  type Logger,
} from '@suite/runtime'

/**
 * A bidirectional streaming handler with what GrpcServer.unary gives unary
 * ones: the caller's request id, DomainError -> status with ErrorDetail, and
 * unexpected errors logged once and answered INTERNAL without their text.
 */
export function bidiStreaming<Req, Res>(
  logger: Logger,
  method: string,
  fn: (call: ServerDuplexStream<Req, Res>) => Promise<void>,
): handleBidiStreamingCall<Req, Res> {
  return (call) => {
    const requestId = call.metadata.get(REQUEST_ID_METADATA_KEY)[0]
    runWithRequestId(typeof requestId === 'string' ? requestId : undefined, () => {
      fn(call).then(
        () => call.end(),
        (error: unknown) => {
          if (!(error instanceof DomainError))
            logger.error({ err: error, method }, 'unexpected error')
          const failure = toGrpcFailure(error)
          call.emit('error', {
            code: failure.code,
            details: failure.details,
            metadata: failure.metadata,
          })
        },
      )
    })
  }
}

/**
 * The first message of a client stream, and the `data` bytes of it and of all
 * that follow as one byte stream (paused while git is slow to read). Events,
 * not an async iterator: an iterator destroys the call when the client's side
 * ends, and a destroyed call never sends its status.
 */
export function splitFirst<Req extends { data: Buffer }>(
  call: Readable,
): Promise<{ first: Req | undefined; body: Readable }> {
  return new Promise((resolve, reject) => {
    const body = new PassThrough()
    let first: Req | undefined
    call.on('data', (message: Req) => {
      if (first === undefined) {
        first = message
        resolve({ first, body })
      }
      if (message.data.length > 0 && !body.write(message.data)) {
        call.pause()
        body.once('drain', () => call.resume())
      }
    })
    call.once('end', () => {
      body.end()
      if (first === undefined) resolve({ first: undefined, body })
    })
    call.once('error', (error: Error) => {
      body.destroy(error)
      reject(error)
    })
  })
}

/** A byte sink that writes `{ data }` messages to the call, honouring its backpressure. */
export function messageSink<Res>(
  call: ServerDuplexStream<unknown, Res>,
  wrap: (data: Buffer) => Res,
): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (call.write(wrap(chunk))) callback()
      else call.once('drain', () => callback())
    },
  })
}
