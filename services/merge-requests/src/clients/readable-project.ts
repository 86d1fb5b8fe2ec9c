import type { Caller, Project } from '@suite/proto'
import { isNotFound } from './grpc-failures.js'
import type { Ports } from './ports.js'

/**
 * The project as the caller sees it (its abilities included), or
 * undefined when the projects service answers NOT_FOUND: it does not exist
 * or the caller may not read it.
 */
export async function findReadableProject(
  ports: Ports,
  caller: Caller | undefined,
  projectId: number,
): Promise<Project | undefined> {
  try {
    const { project } = await ports.projects.getProject({
      caller,
      project: { id: projectId },
      includeLicense: false,
      skipRepository: true,
    })
    return project
  } catch (error) {
    if (isNotFound(error)) return undefined
    throw error
  }
}
