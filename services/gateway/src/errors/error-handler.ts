import { STATUS_CODES } from 'node:http'
import type { ErrorRequestHandler } from 'express'
import { isServiceError, type Logger } from '@suite/runtime'
import { sendJson } from '../middleware/json-response.js'
import { httpErrorFromGrpc } from './grpc-errors.js'
import { TOO_DEEP } from '../middleware/request-parsers.js'
import { HttpError, internalServerError, tooDeeplyNested } from './http-error.js'

/**
 * The fields body-parser puts on the errors it raises (http-errors): a `type`,
 * or for a stream that fails to inflate (`Content-Encoding: gzip` over bytes
 * that are not gzip) only `expose` on a client-error status.
 */
interface BodyParserError {
  status: number
  type?: string
  expose?: boolean
}

function isBodyParserError(error: unknown): error is BodyParserError {
  const candidate = error as Partial<BodyParserError> | null
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.status === 'number' &&
    (typeof candidate.type === 'string' || candidate.expose === true)
  )
}

/** Grape's answer to a body that does not parse as the declared format. */
function fromBodyParser(error: BodyParserError): HttpError {
  if (error.type === 'entity.parse.failed') {
    return new HttpError(400, { error: 'message body does not match declared format' })
  }
  // A JSON body (request-parsers' check) or a form (qs's strictDepth) nested too deeply.
  if (error.type === TOO_DEEP || error.type === 'querystring.parse.rangeError') {
    return tooDeeplyNested()
  }
  if (error.status >= 400 && error.status < 500) {
    return new HttpError(error.status, {
      message: `${error.status} ${STATUS_CODES[error.status] ?? 'Bad Request'}`,
    })
  }
  return internalServerError()
}

/**
 * The router's answer to a path segment that is not valid percent-encoding
 * (`/groups/%ZZ`): the request is malformed, as Rails' 400 Bad Request says.
 */
function isUndecodablePath(error: unknown): boolean {
  return error instanceof URIError && (error as Partial<BodyParserError>).status === 400
}

/** Any thrown value as the HttpError to send. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error
  if (isServiceError(error)) return httpErrorFromGrpc(error)
  if (isUndecodablePath(error)) return new HttpError(400, { message: '400 Bad Request' })
  if (isBodyParserError(error)) return fromBodyParser(error)
  return internalServerError()
}

/**
 * The last middleware: sends GitLab's body for every error and logs each
 * server-side failure once (the logger adds the request id). A 5xx never
 * carries the error's text or stack.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error)
      return
    }
    const answer = toHttpError(error)
    if (answer.status >= 500) {
      logger.error(
        { err: error, method: req.method, path: req.path, status: answer.status },
        'request failed',
      )
    }
    sendJson(res, answer.status, answer.body, answer.headers)
  }
}
