import { ForbiddenError, RecordNotFoundError } from '@suite/runtime'
import type { Caller, ProjectGrant } from './caller.js'
import type { Pipeline } from './pipeline.js'

export type { ProjectGrant } from './caller.js'

/** A pipeline ability, as ProjectGrant names it. */
export type PipelineAbility = Exclude<keyof ProjectGrant, 'projectId'>

/**
 * The caller's grant in `projectId`; abilities of another project, or none,
 * count as nothing.
 */
function grantIn(caller: Caller, projectId: number): ProjectGrant | undefined {
  return caller.grant?.projectId === projectId ? caller.grant : undefined
}

/** Whether the caller holds `ability` in `projectId`, as the projects service decided. */
export function can(caller: Caller, projectId: number, ability: PipelineAbility): boolean {
  return grantIn(caller, projectId)?.[ability] ?? false
}

/** 403 unless the caller holds `ability` in `projectId`. */
export function requireAbility(caller: Caller, projectId: number, ability: PipelineAbility): void {
  if (!can(caller, projectId, ability)) throw new ForbiddenError()
}

/**
 * PipelinePolicy's read_pipeline_variable: Maintainers, and the Developer
 * who created the pipeline.
 */
export function requireReadVariables(caller: Caller, pipeline: Pipeline): void {
  const own = caller.userId !== null && pipeline.userId === caller.userId
  if (can(caller, pipeline.projectId, 'adminPipeline')) return
  if (own && can(caller, pipeline.projectId, 'updatePipeline')) return
  throw new ForbiddenError()
}

/** A missing pipeline: 404 "Not found", as GitLab's find raises it. */
export function foundPipeline(pipeline: Pipeline | undefined): Pipeline {
  if (!pipeline) throw new RecordNotFoundError()
  return pipeline
}
