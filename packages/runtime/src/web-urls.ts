/**
 * The URLs of a project as GitLab writes them, from the instance's external
 * URL: what API entities and webhook payloads both show.
 */

/** Where project avatars are served, outside /api/v4 (AvatarUploader's store_dir). */
export const PROJECT_AVATAR_PATH = '/uploads/-/system/project/avatar'

/** Project#avatar_url(only_path: false): the uploaded avatar's URL, null without one. */
export function projectAvatarUrl(
  externalUrl: string,
  projectId: number,
  filename: string | null | undefined,
): string | null {
  if (filename === undefined || filename === null) return null
  return `${externalUrl}${PROJECT_AVATAR_PATH}/${projectId}/${encodeURIComponent(filename)}`
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
