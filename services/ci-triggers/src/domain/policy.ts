import { ForbiddenError } from '@suite/runtime'

/**
 * The caller's abilities in the project acted on, as the projects service
 * decided them (ProjectPolicy) and the caller handed them on.
 */
export interface ProjectGrant {
  projectId: number
  createPipeline: boolean
}

/**
 * :create_pipeline in the project the pipeline is for; abilities of another
 * project, or none, do not count. 403 otherwise.
 */
export function requireCreatePipeline(grant: ProjectGrant | undefined, projectId: number): void {
  if (grant?.projectId !== projectId || !grant.createPipeline) throw new ForbiddenError()
}
