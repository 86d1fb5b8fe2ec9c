import type { ProjectServiceClient } from '@suite/proto'
import { isNotFound, type PromiseClient } from '@suite/runtime'

/** The id of the project at a full path, or undefined when there is none. */
export function projectIdFinder(
  projects: PromiseClient<ProjectServiceClient>,
): (fullPath: string) => Promise<number | undefined> {
  return (fullPath) =>
    projects.findProjectIdByPath({ fullPath }).then(
      (answer) => answer.projectId,
      (error: unknown) => {
        if (isNotFound(error)) return undefined
        throw error
      },
    )
}
