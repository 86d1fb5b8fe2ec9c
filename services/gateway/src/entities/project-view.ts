import type { Project } from '@suite/proto'

/** A project and how the request asked to see it. */
export interface ProjectView {
  project: Project
  /** statistics=true (shown with :read_statistics). */
  statistics?: boolean
  /** license=true */
  license?: boolean
}

/** Users a project refers to: the owner of a personal namespace. */
export function projectRelatedIds({ project }: ProjectView): number[] {
  return project.ownerId === undefined ? [] : [project.ownerId]
}
