/**
 * Creating a pipeline from the repository's .gitlab-ci.yml, in the order of
 * GitLab's Ci::CreatePipelineService chain: abilities, the ref, the
 * configuration file, its plan; then the pipeline, its jobs and variables
 * are stored and processed in one transaction.
 */
import { ConflictError, InvalidError } from '@suite/runtime'
import { planPipeline, type CiConfigOutcome, type PlannedJob } from './ci-config/index.js'
import type { NewJob } from './job.js'
import { BLANK_SHA, type Pipeline } from './pipeline.js'
import type { PipelineRequest } from './pipeline-request.js'
import type {
  AccessPort,
  NewPipeline,
  PipelineStore,
  RepositoryPort,
  ResolvedRef,
} from './ports.js'
import { predefinedVariables } from './predefined-variables.js'
import { processLocked } from './process-pipeline.js'

/** Where GitLab reads the configuration by default (ci_config_path). */
export const CI_CONFIG_PATH = '.gitlab-ci.yml'

export interface CreatePipelineDeps {
  store: PipelineStore
  repository: Pick<RepositoryPort, 'resolveRef' | 'readFile'>
  access: Pick<AccessPort, 'project'>
  externalUrl: string
  /**
   * Counts one pipeline request for a project, user and commit; throws
   * RateLimitedError over GitLab's pipelines_create limit.
   */
  throttle?: (projectId: number, userId: number | null, sha: string) => Promise<void>
  /** Told of each stored pipeline (metrics, merge requests' head pipelines); never throws. */
  created?: (pipeline: Pipeline) => Promise<void>
}

function refused(...messages: string[]): never {
  throw new InvalidError({ base: messages })
}

/** The commit the pipeline runs on: the one asked for, or the ref's. */
async function commitOf(deps: CreatePipelineDeps, request: PipelineRequest): Promise<ResolvedRef> {
  if (request.commit) return request.commit
  // A given commit is a merge request pipeline's, on refs/merge-requests/: no rule protects it.
  if (request.sha !== null) {
    return { sha: request.sha, tag: false, protected: false, committedAt: null }
  }
  const resolved = await deps.repository.resolveRef(request.projectId, request.ref)
  return resolved ?? refused('Reference not found')
}

function jobOf(job: PlannedJob): NewJob {
  return {
    name: job.name,
    stage: job.stage,
    stageIdx: job.stageIdx,
    when: job.when,
    allowFailure: job.allowFailure,
    needs: job.needs,
    tagList: job.tags,
    options: {
      ...job.options,
      script: job.script,
      before_script: job.beforeScript,
      after_script: job.afterScript,
    },
    yamlVariables: job.variables,
  }
}

/** The pipeline a request makes, before its configuration decides its status and name. */
function newPipelineOf(
  request: PipelineRequest,
  commit: ResolvedRef,
  predefined: Record<string, string>,
): NewPipeline {
  return {
    projectId: request.projectId,
    sha: commit.sha,
    ref: request.ref,
    status: 'created',
    source: request.source,
    userId: request.caller.userId,
    startedAt: null,
    finishedAt: null,
    committedAt: commit.committedAt,
    duration: null,
    beforeSha: request.beforeSha ?? BLANK_SHA,
    tag: commit.tag,
    mergeRequestId: request.mergeRequest?.id ?? null,
    idempotencyKey: request.idempotencyKey,
    triggerId: request.triggerId,
    yamlErrors: null,
    failureReason: null,
    name: null,
    upstream: request.upstream ?? null,
    predefinedVariables: predefined,
  }
}

/** The stored pipeline: a key reused in another project is refused; a new one is announced. */
async function afterStore(
  deps: CreatePipelineDeps,
  request: PipelineRequest,
  { pipeline, created }: { pipeline: Pipeline; created: boolean },
): Promise<Pipeline> {
  if (!created && pipeline.projectId !== request.projectId) {
    throw new ConflictError(
      'Idempotency key already used in another project',
      {},
      'idempotency_key_reused',
    )
  }
  if (created) await deps.created?.(pipeline)
  return pipeline
}

/**
 * Builds and stores a pipeline; throws InvalidError ({base: [...]}) where
 * GitLab would not persist one (no permission, unknown ref, no configuration
 * file, rules or workflow selecting nothing, bad inputs). An invalid
 * configuration is stored as a failed pipeline with its yaml_errors.
 */
export async function createPipelineFromConfig(
  deps: CreatePipelineDeps,
  request: PipelineRequest,
): Promise<Pipeline> {
  const grant = request.caller.grant
  if (grant?.projectId !== request.projectId || !grant.createPipeline) {
    refused('Insufficient permissions to create a new pipeline')
  }
  const commit = await commitOf(deps, request)
  await deps.throttle?.(request.projectId, request.caller.userId, commit.sha)
  const project = (await deps.access.project(request.projectId)) ?? refused('Project not found')
  const path = project.ciConfigPath ?? CI_CONFIG_PATH
  // A configuration in another project (path@group/project) is not read here.
  const config = path.includes('@')
    ? undefined
    : await deps.repository.readFile(request.projectId, commit.sha, path)
  if (config === undefined) refused('Missing CI config file')
  const predefined = predefinedVariables({
    request,
    project,
    commit,
    externalUrl: deps.externalUrl,
  })
  const variables = {
    ...predefined,
    ...Object.fromEntries(request.variables.map((variable) => [variable.key, variable.value])),
  }
  // Ci::Pipeline::Chain::Skip: stored skipped, before the configuration is planned.
  if (request.skipped === true) {
    const skipped = { ...newPipelineOf(request, commit, predefined), status: 'skipped' as const }
    const contents = { jobs: [], variables: request.variables }
    return afterStore(deps, request, await deps.store.create(skipped, contents))
  }
  const outcome: CiConfigOutcome = planPipeline(config, {
    variables,
    inputs: request.inputs,
    source: request.source,
    ref: request.ref,
    tag: commit.tag,
  })
  if (outcome.kind === 'rejected') refused(...outcome.errors)
  // POST /pipeline asks GitLab not to save a pipeline whose configuration is
  // invalid (save_on_errors: false): its first error is the answer.
  if (outcome.kind === 'invalid' && request.source === 'api') {
    refused(outcome.errors[0] ?? 'Invalid configuration')
  }
  const now = new Date()
  const base = newPipelineOf(request, commit, predefined)
  const stored =
    outcome.kind === 'invalid'
      ? // Dropped at once: failed, finished, with the configuration's errors.
        await deps.store.create(
          {
            ...base,
            status: 'failed',
            finishedAt: now,
            // GitLab keeps the first error in yaml_errors.
            yamlErrors: outcome.errors[0] ?? 'Invalid configuration',
            failureReason: 'config_error',
          },
          { jobs: [], variables: request.variables },
        )
      : await deps.store.create(
          { ...base, name: outcome.name },
          {
            jobs: outcome.jobs.map(jobOf),
            variables: request.variables,
            process: (locked) => processLocked(locked, now),
          },
        )
  return afterStore(deps, request, stored)
}
