import { PassThrough, Writable, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type {
  handleBidiStreamingCall,
  handleServerStreamingCall,
  ServerDuplexStream,
  ServerWritableStream,
} from '@grpc/grpc-js'
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
  return streamingCall(logger, method, fn)
}

/** The same for a server-streaming handler (one request, a stream of answers). */
export function serverStreaming<Req, Res>(
  logger: Logger,
  method: string,
  fn: (call: ServerWritableStream<Req, Res>) => Promise<void>,
): handleServerStreamingCall<Req, Res> {
  return streamingCall(logger, method, fn)
}

/** A call the server writes answers to: bidirectional or server-streaming. */
type AnswerStream<Res> = ServerDuplexStream<unknown, Res> | ServerWritableStream<unknown, Res>

function streamingCall<Call extends AnswerStream<unknown>>(
  logger: Logger,
  method: string,
  fn: (call: Call) => Promise<void>,
): (call: Call) => void {
  return (call) => {
    const requestId = call.metadata.get(REQUEST_ID_METADATA_KEY)[0]
    runWithRequestId(typeof requestId === 'string' ? requestId : undefined, () => {
      fn(call).then(
        () => call.end(),
        (error: unknown) => {
          // A caller that went away (a client that stopped downloading) is nobody's fault.
          if (call.cancelled) return
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
export function messageSink<Res>(call: AnswerStream<Res>, wrap: (data: Buffer) => Res): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (call.write(wrap(chunk))) callback()
      else call.once('drain', () => callback())
    },
  })
}

/**
 * Sends a byte stream as `{ data }` messages, honouring the call's
 * backpressure; a caller that cancels destroys the stream (and what feeds it).
 */
export async function sendBytes<Res>(
  call: AnswerStream<Res>,
  bytes: Readable,
  wrap: (data: Buffer) => Res,
): Promise<void> {
  const stop = () => bytes.destroy()
  call.once('cancelled', stop)
  try {
    await pipeline(bytes, messageSink(call, wrap))
  } finally {
    call.off('cancelled', stop)
  }
}
