import { createHash } from 'node:crypto'
import { join } from 'node:path'

/**
 * Where a project's bare repository lives: derived from the project id alone,
 * as GitLab's hashed storage (`@hashed/ab/cd/<sha256>.git`), so no user input
 * ever becomes part of a path.
 */
export function repositoryPath(root: string, projectId: number): string {
  if (!Number.isSafeInteger(projectId) || projectId <= 0) {
    throw new RangeError(`invalid project id ${projectId}`)
  }
  const hash = createHash('sha256').update(String(projectId)).digest('hex')
  return join(root, '@hashed', hash.slice(0, 2), hash.slice(2, 4), `${hash}.git`)
}
