/**
 * The URLs of a project as GitLab writes them, from the instance's external
 * URL: what API entities and webhook payloads both show.
 */

/** Where project avatars are served, outside /api/v4 (AvatarUploader's store_dir). */
export const PROJECT_AVATAR_PATH = '/uploads/-/system/project/avatar'

/** An uploaded avatar's URL under `path`; null without one. */
function uploadedAvatarUrl(
  externalUrl: string,
  path: string,
  id: number,
  filename: string | null | undefined,
): string | null {
  if (filename === undefined || filename === null) return null
  return `${externalUrl}${path}/${id}/${encodeURIComponent(filename)}`
}

/** Project#avatar_url(only_path: false): the uploaded avatar's URL, null without one. */
export function projectAvatarUrl(
  externalUrl: string,
  projectId: number,
  filename: string | null | undefined,
): string | null {
  return uploadedAvatarUrl(externalUrl, PROJECT_AVATAR_PATH, projectId, filename)
}

/** Where user avatars are served, outside /api/v4 (AvatarUploader's store_dir). */
export const USER_AVATAR_PATH = '/uploads/-/system/user/avatar'

/** User#avatar_url(only_path: false) for an uploaded avatar; null without one (no Gravatar). */
export function userAvatarUrl(
  externalUrl: string,
  userId: number,
  filename: string | null | undefined,
): string | null {
  return uploadedAvatarUrl(externalUrl, USER_AVATAR_PATH, userId, filename)
}

/** The host clients reach the instance at (ssh clone URLs use it). */
export function externalHost(externalUrl: string): string {
  return new URL(externalUrl).hostname
}

/** web_url, ssh_url_to_repo and http_url_to_repo of a project by its full path. */
export function projectWebUrls(externalUrl: string, fullPath: string) {
  const webUrl = `${externalUrl}/${fullPath}`
  return {
    webUrl,
    sshUrl: `git@${externalHost(externalUrl)}:${fullPath}.git`,
    httpUrl: `${webUrl}.git`,
  }
}
