import { RecordNotFoundError, pageWindow, type HookEvent, type PageRequest } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { Job } from './job.js'
import type { Pipeline } from './pipeline.js'
import { pipelineHookSample } from './pipeline-hook.js'
import type { RequestVariable } from './pipeline-request.js'
import type { JobFilter, PipelineFilter, PipelineOrder, PipelineStore } from './ports.js'
import { can, foundPipeline, requireAbility, requireReadVariables } from './policy.js'

/**
 * One pipeline of a project; 404 "Not found" for an unknown id or one of
 * another project. With a caller, 403 unless they may read pipelines.
 */
export async function getPipeline(
  store: PipelineStore,
  projectId: number,
  id: number,
  caller?: Caller,
): Promise<Pipeline> {
  if (caller) requireAbility(caller, projectId, 'readPipeline')
  return foundPipeline(id > 0 ? await store.findInProject(projectId, id) : undefined)
}

/** Pipelines by id in the order asked, each once; unknown ids are left out. */
export async function batchGetPipelines(
  store: PipelineStore,
  ids: readonly number[],
): Promise<Pipeline[]> {
  const wanted = [...new Set(ids.filter((id) => id > 0))]
  if (wanted.length === 0) return []
  const byId = new Map((await store.findByIds(wanted)).map((p) => [p.id, p]))
  return wanted.flatMap((id) => byId.get(id) ?? [])
}

/** A page of a project's pipelines with the total count; with an caller, for readers only. */
export function listPipelines(
  store: PipelineStore,
  filter: PipelineFilter,
  page: PageRequest | undefined,
  order?: PipelineOrder,
  caller?: Caller,
): Promise<{ pipelines: Pipeline[]; total: number }> {
  if (caller) requireAbility(caller, filter.projectId, 'readPipeline')
  return store.list(filter, pageWindow(page), order)
}

/** The newest pipeline of `ref`; 404 when it has none. */
export async function latestPipeline(
  store: PipelineStore,
  caller: Caller,
  projectId: number,
  ref: string,
): Promise<Pipeline> {
  requireAbility(caller, projectId, 'readPipeline')
  return foundPipeline(ref === '' ? undefined : await store.latest(projectId, ref))
}

/**
 * A page of one pipeline's jobs, newest first. Reading the pipeline needs
 * read_pipeline; its jobs need read_build too, without which GitLab's
 * Ci::JobsFinder lists none (a project without public pipelines shows its
 * pipelines to outsiders but not their jobs).
 */
export async function listPipelineJobs(
  store: PipelineStore,
  caller: Caller,
  projectId: number,
  pipelineId: number,
  filter: JobFilter,
  page: PageRequest | undefined,
): Promise<{ jobs: Job[]; total: number }> {
  const pipeline = await getPipeline(store, projectId, pipelineId, caller)
  if (!can(caller, projectId, 'readBuild')) return { jobs: [], total: 0 }
  return store.jobs(pipeline.id, filter, pageWindow(page))
}

/** One job of a project (read_build); 404 "Not found" otherwise. */
export async function getJob(
  store: PipelineStore,
  caller: Caller,
  projectId: number,
  id: number,
): Promise<Job> {
  requireAbility(caller, projectId, 'readBuild')
  const job = id > 0 ? await store.findJob(projectId, id) : undefined
  if (!job) throw new RecordNotFoundError()
  return job
}

/** The variables a pipeline was created with, for those who may read them. */
export async function pipelineVariables(
  store: PipelineStore,
  caller: Caller,
  projectId: number,
  pipelineId: number,
): Promise<RequestVariable[]> {
  const pipeline = await getPipeline(store, projectId, pipelineId, caller)
  requireReadVariables(caller, pipeline)
  return store.variables(pipeline.id)
}

/**
 * The webhook event of the project's newest pipeline, as a hook's test sends
 * it (TestHooks::ProjectService's pipeline_events); for those who may read
 * pipelines; undefined when the project has none.
 */
export async function samplePipelineHook(
  store: PipelineStore,
  caller: Caller,
  projectId: number,
): Promise<HookEvent | undefined> {
  requireAbility(caller, projectId, 'readPipeline')
  const facts = await store.newestHookFacts(projectId)
  return facts && pipelineHookSample(facts)
}
