import { ForbiddenError, RecordNotFoundError } from '@suite/runtime'
import type { Actor, ProjectGrant } from './actor.js'
import type { Pipeline } from './pipeline.js'

export type { ProjectGrant } from './actor.js'

/** A pipeline ability, as ProjectGrant names it. */
export type PipelineAbility = Exclude<keyof ProjectGrant, 'projectId'>

/**
 * The actor's grant in `projectId`; abilities of another project, or none,
 * count as nothing.
 */
function grantIn(actor: Actor, projectId: number): ProjectGrant | undefined {
  return actor.grant?.projectId === projectId ? actor.grant : undefined
}

/** Whether the actor holds `ability` in `projectId`, as the projects service decided. */
export function can(actor: Actor, projectId: number, ability: PipelineAbility): boolean {
  return grantIn(actor, projectId)?.[ability] ?? false
}

/** 403 unless the actor holds `ability` in `projectId`. */
export function requireAbility(actor: Actor, projectId: number, ability: PipelineAbility): void {
  if (!can(actor, projectId, ability)) throw new ForbiddenError()
}

/**
 * PipelinePolicy's read_pipeline_variable: Maintainers, and the Developer
 * who created the pipeline.
 */
export function requireReadVariables(actor: Actor, pipeline: Pipeline): void {
  const own = actor.userId !== null && pipeline.userId === actor.userId
  if (can(actor, pipeline.projectId, 'adminPipeline')) return
  if (own && can(actor, pipeline.projectId, 'updatePipeline')) return
  throw new ForbiddenError()
}

/** A missing pipeline: 404 "Not found", as GitLab's find raises it. */
export function foundPipeline(pipeline: Pipeline | undefined): Pipeline {
  if (!pipeline) throw new RecordNotFoundError()
  return pipeline
}
