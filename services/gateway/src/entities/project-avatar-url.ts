import type { Project } from '@suite/proto'

/** Where the gateway serves project avatars, outside /api/v4 (AvatarUploader's store_dir). */
export const PROJECT_AVATAR_PATH = '/uploads/-/system/project/avatar'

/** Project#avatar_url(only_path: false): the uploaded avatar's URL, null without one. */
export function projectAvatarUrl(project: Project, externalUrl: string): string | null {
  if (project.avatarFilename === undefined) return null
  return `${externalUrl}${PROJECT_AVATAR_PATH}/${project.id}/${encodeURIComponent(project.avatarFilename)}`
}
