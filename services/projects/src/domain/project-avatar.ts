import { NotFoundError } from '@suite/runtime'
import type { StoredAvatar } from './avatar.js'
import type { Caller } from './caller.js'
import type { IdentityPort, ProjectStore } from './ports.js'
import { getProject } from './read-projects.js'

/**
 * GET /uploads/-/system/project/avatar/:id/:filename (UploadsController):
 * the avatar of a project the caller may read (:read_project), under the file
 * name avatar_url shows; anything else is NotFound.
 */
export async function getProjectAvatar(
  store: ProjectStore,
  identity: IdentityPort,
  caller: Caller,
  projectId: number,
  filename: string,
): Promise<StoredAvatar> {
  const { project } = await getProject(store, identity, caller, { id: projectId })
  if (project.avatarFilename === null || project.avatarFilename !== filename) {
    throw new NotFoundError('Avatar')
  }
  const avatar = await store.avatar(project.id)
  if (!avatar) throw new NotFoundError('Avatar')
  return avatar
}
