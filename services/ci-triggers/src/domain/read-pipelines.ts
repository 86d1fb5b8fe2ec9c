import { NotFoundError } from '@suite/runtime'
import { pageWindow, type PageRequest } from '@suite/runtime'
import type { Pipeline } from './pipeline.js'
import type { PipelineFilter, PipelineStore } from './ports.js'

/** One pipeline of a project; 404 "Pipeline" for an unknown id or one of another project. */
export async function getPipeline(
  store: PipelineStore,
  projectId: number,
  id: number,
): Promise<Pipeline> {
  const pipeline = id > 0 ? await store.findInProject(projectId, id) : undefined
  if (!pipeline) throw new NotFoundError('Pipeline')
  return pipeline
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

/** A page of a project's pipelines, newest first, with the total count. */
export function listPipelines(
  store: PipelineStore,
  filter: PipelineFilter,
  page: PageRequest | undefined,
): Promise<{ pipelines: Pipeline[]; total: number }> {
  return store.list(filter, pageWindow(page))
}
