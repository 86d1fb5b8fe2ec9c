import type { AvatarUpload } from '@suite/proto'
import { MESSAGES, Param } from './param.js'

/**
 * A file of a multipart/form-data request, as the upload middleware leaves it
 * in the body under its field name. A class, so that no JSON or form value
 * can pass for an uploaded file.
 */
export class UploadedFile {
  constructor(
    readonly filename: string,
    readonly content: Buffer,
  ) {}
}

/** `avatar` as given: an uploaded image, or `remove` for `avatar=` given empty. */
export type AvatarValue = UploadedFile | 'remove'

/**
 * API::Validations::Types::WorkhorseFile: an uploaded file. Given empty it
 * clears the avatar (PUT /projects/:id removes it); any other value is invalid.
 */
export function avatarParam(): Param<AvatarValue> {
  return new Param<AvatarValue>(
    (raw) =>
      raw instanceof UploadedFile
        ? { ok: true, value: raw }
        : raw === ''
          ? { ok: true, value: 'remove' }
          : { ok: false, message: MESSAGES.invalid },
    false,
    // A file: the one kind of parameter that lets a route's form carry files (see takesFiles).
  ).describe({ type: 'string', format: 'binary' })
}

/** The upload an avatar value carries, as the projects service takes it. */
export function avatarUpload(value: AvatarValue | undefined): AvatarUpload | undefined {
  return value instanceof UploadedFile
    ? { filename: value.filename, content: value.content }
    : undefined
}
