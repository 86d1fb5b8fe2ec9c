import type { Project } from '@suite/proto'
import type { ProjectLink } from '../entities/commit.entity.js'

/** The project's web URL, base of commit, branch and tag links. */
export function projectLink(externalUrl: string, project: Project): ProjectLink & { id: number } {
  return { id: project.id, webUrl: `${externalUrl}/${project.namespaceFullPath}/${project.path}` }
}
