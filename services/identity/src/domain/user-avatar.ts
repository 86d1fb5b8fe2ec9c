import { NotFoundError, type StoredAvatar } from '@suite/runtime'
import type { Stores } from './ports.js'

/**
 * GET /uploads/-/system/user/avatar/:id/:filename (UploadsController): a
 * user's avatar under the file name avatar_url shows; anything else is
 * NotFound. Avatars are public, as GitLab serves them.
 */
export async function getUserAvatar(
  stores: Pick<Stores, 'users'>,
  userId: number,
  filename: string,
): Promise<StoredAvatar> {
  const avatar = await stores.users.avatar(userId)
  if (!avatar || avatar.filename !== filename) throw new NotFoundError('Avatar')
  return avatar
}
