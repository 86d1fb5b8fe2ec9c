import { checkAvatarUpload, type AvatarUpload, type StoredAvatar } from '@suite/runtime'
import type { ErrorCollector } from './field-errors.js'

export { MAX_AVATAR_BYTES, sanitizeFilename, SAFE_IMAGE_EXT } from '@suite/runtime'
export type { AvatarUpload, StoredAvatar } from '@suite/runtime'

/** What an edit does to the avatar. */
export type AvatarChange = { kind: 'set'; avatar: StoredAvatar } | { kind: 'remove' }

/** What an edit asked of the avatar: a new upload, or its removal (`avatar=` empty). */
export interface AvatarEdit {
  upload?: AvatarUpload | undefined
  remove?: boolean | undefined
}

/** Avatarable's validations (checkAvatarUpload), their messages on `avatar`. */
export function validateAvatar(
  upload: AvatarUpload,
  errors: ErrorCollector,
): StoredAvatar | undefined {
  const checked = checkAvatarUpload(upload)
  for (const message of checked.errors) errors.add('avatar', message)
  return checked.avatar
}

/** An edit's avatar change once validated; undefined leaves the avatar as it is. */
export function avatarChange(edit: AvatarEdit, errors: ErrorCollector): AvatarChange | undefined {
  if (edit.upload) {
    const avatar = validateAvatar(edit.upload, errors)
    return avatar && { kind: 'set', avatar }
  }
  return edit.remove ? { kind: 'remove' } : undefined
}
