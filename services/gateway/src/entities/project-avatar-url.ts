import type { Project } from '@suite/proto'
import { projectAvatarUrl as avatarUrl } from '@suite/runtime'

export { PROJECT_AVATAR_PATH } from '@suite/runtime'

/** Project#avatar_url(only_path: false): the uploaded avatar's URL, null without one. */
export function projectAvatarUrl(project: Project, externalUrl: string): string | null {
  return avatarUrl(externalUrl, project.id, project.avatarFilename)
}
