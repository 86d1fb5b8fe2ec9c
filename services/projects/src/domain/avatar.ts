import type { ErrorCollector } from './field-errors.js'

/** AvatarUploader::SAFE_IMAGE_EXT: the extensions GitLab accepts for an avatar. */
export const SAFE_IMAGE_EXT = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'tiff', 'ico', 'webp'] as const

/** Avatarable::MAXIMUM_FILE_SIZE: 200 KiB. */
export const MAX_AVATAR_BYTES = 200 * 1024

const CONTENT_TYPES: Readonly<Record<(typeof SAFE_IMAGE_EXT)[number], string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  ico: 'image/vnd.microsoft.icon',
  webp: 'image/webp',
}

/** An avatar as the client uploaded it. */
export interface AvatarUpload {
  filename: string
  content: Buffer
}

/** An avatar as it is stored: a clean file name and the type it is served with. */
export interface StoredAvatar {
  filename: string
  contentType: string
  content: Buffer
}

/** What an edit does to the avatar. */
export type AvatarChange = { kind: 'set'; avatar: StoredAvatar } | { kind: 'remove' }

/** What an edit asked of the avatar: a new upload, or its removal (`avatar=` empty). */
export interface AvatarEdit {
  upload?: AvatarUpload | undefined
  remove?: boolean | undefined
}

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.')
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase()
}

/**
 * CarrierWave's sanitized file name: the last path segment, every character
 * but letters, digits, `_`, `.`, `-` and `+` replaced with `_`.
 */
export function sanitizeFilename(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? ''
  const clean = base.replace(/[^\p{L}\p{N}_.\-+]/gu, '_')
  return clean.replace(/^\.+/, '') || 'avatar'
}

/**
 * Avatarable's validations: an image extension (avatar_type) and at most
 * 200 KiB (file_size); messages go to `avatar`. The stored avatar is served
 * with the type its extension names, never the one the client claimed.
 */
export function validateAvatar(
  upload: AvatarUpload,
  errors: ErrorCollector,
): StoredAvatar | undefined {
  const filename = sanitizeFilename(upload.filename)
  const extension = extensionOf(filename)
  const contentType = (CONTENT_TYPES as Readonly<Record<string, string>>)[extension]
  if (contentType === undefined) {
    errors.add(
      'avatar',
      `file format is not supported. Please try one of the following supported formats: ${SAFE_IMAGE_EXT.join(', ')}`,
    )
  }
  if (upload.content.length > MAX_AVATAR_BYTES) {
    errors.add('avatar', 'is too big (should be at most 200 KiB)')
  }
  return contentType === undefined || upload.content.length > MAX_AVATAR_BYTES
    ? undefined
    : { filename, contentType, content: upload.content }
}

/** An edit's avatar change once validated; undefined leaves the avatar as it is. */
export function avatarChange(edit: AvatarEdit, errors: ErrorCollector): AvatarChange | undefined {
  if (edit.upload) {
    const avatar = validateAvatar(edit.upload, errors)
    return avatar && { kind: 'set', avatar }
  }
  return edit.remove ? { kind: 'remove' } : undefined
}
