import { Transform, type TransformCallback } from 'node:stream'
import type { Request, Response } from 'express'
import multer, { MulterError } from 'multer'
import { HttpError } from '../errors/http-error.js'
import { BODY_LIMIT_BYTES } from '../middleware/request-parsers.js'
import { refuseNulParameters } from '../params/nul-characters.js'
import { UploadedFile } from '../params/project-avatar.js'

/** The largest file a form may carry; the service applies each field's own limit (avatars: 200 KiB). */
const MAX_FILE_BYTES = 10 * 1024 * 1024
/** GitLab's longest text field (a 1 MiB description), as UTF-8 at most four bytes a character. */
export const MAX_FIELD_BYTES = 4 * 1024 * 1024
/** Fields of one form: the widest route (project settings) declares about a hundred. */
export const MAX_FIELDS = 200
/** Bytes of a field's name (multer's default is 100; `variables[][key]`-style names fit). */
const MAX_FIELD_NAME_BYTES = 200

function tooLarge(): HttpError {
  return new HttpError(413, { message: '413 Payload Too Large' })
}

/**
 * Multer's refusals as GitLab-style answers: an avatar above the hard limit
 * reads as Avatarable's size error, another file or the whole body as 413, a
 * malformed form or one with too many parts as 400.
 */
function multipartError(error: unknown): HttpError {
  if (error instanceof HttpError) return error
  if (error instanceof MulterError && error.code === 'LIMIT_FILE_SIZE') {
    return error.field === 'avatar'
      ? new HttpError(400, { message: { avatar: ['is too big (should be at most 200 KiB)'] } })
      : tooLarge()
  }
  if (error instanceof MulterError && error.code === 'LIMIT_FIELD_VALUE' && error.field) {
    return new HttpError(400, {
      error: `${error.field} must be less than ${MAX_FIELD_BYTES} bytes`,
    })
  }
  if (error instanceof MulterError) return new HttpError(400, { error: error.message })
  return new HttpError(400, { error: 'message body does not match declared format' })
}

/** busboy, as multer's streamHandler (in multer 2.5, not in its type definitions) receives it. */
interface BodySink extends NodeJS.WritableStream {
  destroy(error?: Error): void
}

/** multer's options with the streamHandler its type definitions leave out. */
type MulterOptions = multer.Options & {
  streamHandler: (req: Request, busboy: BodySink) => void
}

/** Passes the body on, failing with a 413 once more than `limit` bytes went through. */
function byteCap(limit: number): Transform {
  let seen = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length
      if (seen > limit) callback(tooLarge())
      else callback(null, chunk)
    },
  })
}

/** Whether the request carries a multipart/form-data body. */
export function isMultipart(req: Request): boolean {
  return req.is('multipart/form-data') === 'multipart/form-data'
}

/**
 * Parses a multipart/form-data body (in memory), only where a route asks for
 * it: its fields reach the parameter parser as any form's would, each file
 * goes into the body under its field name as an UploadedFile. The whole body
 * is capped as a JSON body is (BODY_LIMIT, 413), and so are the number of
 * parts, each field and each file; `files: false` refuses any file (400).
 */
export function readMultipart(
  req: Request,
  res: Response,
  options: { files: boolean },
): Promise<void> {
  const declared = Number(req.get('content-length'))
  if (Number.isFinite(declared) && declared > BODY_LIMIT_BYTES) {
    return Promise.reject(tooLarge())
  }
  const files = options.files ? 1 : 0
  const parserOptions: MulterOptions = {
    storage: multer.memoryStorage(),
    limits: {
      fileSize: MAX_FILE_BYTES,
      files,
      fields: MAX_FIELDS,
      parts: MAX_FIELDS + files,
      fieldSize: MAX_FIELD_BYTES,
      fieldNameSize: MAX_FIELD_NAME_BYTES,
    },
    // A chunked body declares no length: counted as it arrives instead.
    streamHandler: (incoming, busboy) => {
      const cap = byteCap(BODY_LIMIT_BYTES)
      cap.on('error', (error) => busboy.destroy(error))
      incoming.pipe(cap).pipe(busboy)
    },
  }
  const parse = multer(parserOptions).any()
  return new Promise((resolve, reject) => {
    parse(req, res, (error: unknown) => {
      if (error) {
        reject(multipartError(error))
        return
      }
      const body = req.body as Record<string, unknown>
      for (const file of Array.isArray(req.files) ? req.files : []) {
        // A file's name is stored as text too: a NUL in it is the field's 400.
        body[file.fieldname] = file.originalname.includes('\u0000')
          ? file.originalname
          : new UploadedFile(file.originalname, file.buffer)
      }
      try {
        refuseNulParameters(body)
        resolve()
      } catch (refusal) {
        reject(refusal instanceof Error ? refusal : new Error(String(refusal)))
      }
    })
  })
}
