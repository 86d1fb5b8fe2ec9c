import type { RequestHandler } from 'express'
import multer, { MulterError } from 'multer'
import { HttpError } from '../errors/http-error.js'
import { UploadedFile } from '../params/project-avatar.js'

/** The largest file a form may carry; the service applies each field's own limit (avatars: 200 KiB). */
const MAX_FILE_BYTES = 10 * 1024 * 1024

/**
 * Multer's refusals as GitLab-style answers: an avatar above the hard limit
 * reads as Avatarable's size error, another file as 413, a malformed form as 400.
 */
function multipartError(error: unknown): HttpError {
  if (error instanceof MulterError && error.code === 'LIMIT_FILE_SIZE') {
    return error.field === 'avatar'
      ? new HttpError(400, { message: { avatar: ['is too big (should be at most 200 KiB)'] } })
      : new HttpError(413, { message: '413 Request Entity Too Large' })
  }
  if (error instanceof MulterError) return new HttpError(400, { error: error.message })
  return new HttpError(400, { error: 'message body does not match declared format' })
}

/**
 * Parses multipart/form-data bodies (in memory) so that form fields reach the
 * parameter parser as any form's would, and puts each uploaded file in the
 * body under its field name as an UploadedFile. Other bodies pass untouched.
 */
export function multipartForm(): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_FILE_BYTES, files: 5 },
  }).any()
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      next()
      return
    }
    parse(req, res, (error: unknown) => {
      if (error) {
        next(multipartError(error))
        return
      }
      const body = req.body as Record<string, unknown>
      const files = Array.isArray(req.files) ? req.files : []
      for (const file of files) {
        body[file.fieldname] = new UploadedFile(file.originalname, file.buffer)
      }
      next()
    })
  }
}
