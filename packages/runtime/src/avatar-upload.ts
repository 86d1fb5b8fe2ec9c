/**
 * Uploaded avatar images (Avatarable, AvatarUploader): what every service
 * that keeps avatars (projects, users) accepts and how it stores the name.
 */

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
 * 200 KiB (file_size). The stored avatar is served with the type its
 * extension names, never the one the client claimed. `errors` are the
 * messages of the `avatar` field; the avatar is there only without any.
 */
export function checkAvatarUpload(upload: AvatarUpload): {
  avatar: StoredAvatar | undefined
  errors: string[]
} {
  const filename = sanitizeFilename(upload.filename)
  const contentType = (CONTENT_TYPES as Readonly<Record<string, string>>)[extensionOf(filename)]
  const errors: string[] = []
  if (contentType === undefined) {
    errors.push(
      `file format is not supported. Please try one of the following supported formats: ${SAFE_IMAGE_EXT.join(', ')}`,
    )
  }
  if (upload.content.length > MAX_AVATAR_BYTES) {
    errors.push('is too big (should be at most 200 KiB)')
  }
  const avatar =
    contentType === undefined || errors.length > 0
      ? undefined
      : { filename, contentType, content: upload.content }
  return { avatar, errors }
}
