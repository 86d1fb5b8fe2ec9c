import { NotFoundError, UnauthenticatedError } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { Pipeline } from './pipeline.js'
import type { InputValue, RequestVariable } from './pipeline-request.js'
import {
  authenticateJobToken,
  jobTokenReaches,
  requireRunning,
  type JobTokenDeps,
} from './job-token.js'
import type { AccessPort, PipelineCreator } from './ports.js'
import { JOB_TOKEN_PREFIX } from './runner.js'
import { isExpired, TRIGGER_TOKEN_PREFIX, type TriggerStore } from './trigger.js'

/** The results of a token lookup, as counted in metrics. */
export type TriggerLookupResult = 'found' | 'not_found' | 'expired'

/** What triggering needs: the tokens, who may do what, and the pipeline builder. */
export interface TriggerPipelineDeps {
  triggers: TriggerStore
  access: AccessPort
  pipelines: PipelineCreator
  now: () => Date
  /** Told the result of every token lookup. */
  observeLookup: (result: TriggerLookupResult) => void
  /** Job tokens and the job token scope; without them job tokens miss like any token. */
  jobTokens?: JobTokenDeps
}

export interface TriggerPipelineInput {
  token: string
  /** The project of the URL, as the caller named it: the gateway cannot resolve it for them. */
  project: { id: number } | { fullPath: string }
  ref: string
  /** In the order given. */
  variables: readonly (readonly [string, string])[]
  inputs: Record<string, InputValue>
}

/** Ci::PipelineTriggerService's TRIGGER_PAYLOAD: the request's parameters but the token. */
const PAYLOAD_VARIABLE = 'TRIGGER_PAYLOAD'

/**
 * An owner who is gone, blocked or can no longer read the project acts as
 * nobody: pipeline creation refuses them as it refuses any caller without
 * :create_pipeline (400 "Insufficient permissions to create a new pipeline").
 */
const NOBODY: Caller = { userId: null, admin: false, grant: undefined }

/** Every miss looks the same, so that a token never tells a project exists: 404 Not Found. */
function notFound(): NotFoundError {
  return new NotFoundError('')
}

function payloadVariable(input: TriggerPipelineInput): RequestVariable {
  const id = 'id' in input.project ? String(input.project.id) : input.project.fullPath
  const value = JSON.stringify({
    ref: input.ref,
    id,
    variables: Object.fromEntries(input.variables),
  })
  return { key: PAYLOAD_VARIABLE, value, variableType: 'file' }
}

async function isTokenProject(
  access: AccessPort,
  projectId: number,
  named: TriggerPipelineInput['project'],
): Promise<boolean> {
  if ('id' in named) return named.id === projectId
  const project = await access.project(projectId)
  return project !== undefined && project.fullPath.toLowerCase() === named.fullPath.toLowerCase()
}

/** The request's variables, as env_var variables in the order given. */
function requestVariables(input: TriggerPipelineInput): RequestVariable[] {
  return input.variables.map(([key, value]) => ({ key, value, variableType: 'env_var' }))
}

/**
 * POST /projects/:id/trigger/pipeline with a job token (Ci::PipelineTriggerService
 * #create_pipeline_from_job): while the job runs, a multi-project pipeline
 * (source `pipeline`) in a project the job's user can read and whose job
 * token allowlist admits the job's project, linked to the job upstream. A
 * token that is no job's, or a project out of reach, is the same 404 as any
 * miss; a job that is not running is 400 Job has to be running.
 */
async function triggerWithJobToken(
  deps: TriggerPipelineDeps,
  jobTokens: JobTokenDeps,
  input: TriggerPipelineInput,
): Promise<Pipeline> {
  let found
  try {
    found = await authenticateJobToken(jobTokens, input.token, null)
  } catch (error) {
    if (error instanceof UnauthenticatedError) throw notFound()
    throw error
  }
  const owner = await deps.access.callerFor(found.userId, input.project)
  if (!owner) throw notFound()
  requireRunning(found)
  if (!(await jobTokenReaches(jobTokens, found.job, owner.project.id))) throw notFound()
  const { job } = found
  return deps.pipelines.create({
    caller: owner.caller,
    projectId: owner.project.id,
    ref: input.ref,
    sha: null,
    source: 'pipeline',
    variables: requestVariables(input),
    inputs: input.inputs,
    mergeRequest: null,
    triggerId: null,
    idempotencyKey: null,
    upstream: { jobId: job.id, pipelineId: job.pipelineId, projectId: job.projectId },
  })
}

/**
 * POST /projects/:id/trigger/pipeline with a trigger token: the token (by
 * digest) must belong to the project named and not have expired; the
 * pipeline runs as the token's owner, with source `trigger`, and the token's
 * last_used moves. A job token (glcbt-) starts a linked multi-project pipeline.
 */
export async function triggerPipeline(
  deps: TriggerPipelineDeps,
  input: TriggerPipelineInput,
): Promise<Pipeline> {
  if (input.token.startsWith(JOB_TOKEN_PREFIX) && deps.jobTokens) {
    return triggerWithJobToken(deps, deps.jobTokens, input)
  }
  const trigger = input.token.startsWith(TRIGGER_TOKEN_PREFIX)
    ? await deps.triggers.findByToken(input.token)
    : undefined
  if (!trigger) {
    deps.observeLookup('not_found')
    throw notFound()
  }
  if (isExpired(trigger, deps.now())) {
    deps.observeLookup('expired')
    throw notFound()
  }
  deps.observeLookup('found')
  if (!(await isTokenProject(deps.access, trigger.projectId, input.project))) throw notFound()

  const owner = await deps.access.callerFor(trigger.ownerId, { id: trigger.projectId })

  const variables = requestVariables(input)
  const pipeline = await deps.pipelines.create({
    caller: owner?.caller ?? NOBODY,
    projectId: trigger.projectId,
    ref: input.ref,
    sha: null,
    source: 'trigger',
    variables: [...variables, payloadVariable(input)],
    inputs: input.inputs,
    mergeRequest: null,
    triggerId: trigger.id,
    idempotencyKey: null,
  })
  await deps.triggers.markUsed(trigger.id, deps.now())
  return pipeline
}
