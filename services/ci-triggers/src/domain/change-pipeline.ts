import type { Caller } from './caller.js'
import type { Pipeline } from './pipeline.js'
import type { LockedPipeline, PipelineStore } from './ports.js'
import { foundPipeline, requireAbility } from './policy.js'
import { cancelLocked, retryLocked } from './process-pipeline.js'

/** Runs a status change on a readable pipeline the caller may update (Developer). */
async function changeStatus(
  store: PipelineStore,
  caller: Caller,
  projectId: number,
  pipelineId: number,
  change: (locked: LockedPipeline, now: Date) => Promise<Pipeline>,
): Promise<Pipeline> {
  requireAbility(caller, projectId, 'readPipeline')
  foundPipeline(pipelineId > 0 ? await store.findInProject(projectId, pipelineId) : undefined)
  requireAbility(caller, projectId, 'updatePipeline')
  return foundPipeline(
    await store.withLocked(projectId, pipelineId, (locked) => change(locked, new Date())),
  )
}

/** POST .../cancel: every cancelable job canceled, the pipeline's status follows. */
export function cancelPipeline(
  store: PipelineStore,
  caller: Caller,
  projectId: number,
  pipelineId: number,
): Promise<Pipeline> {
  return changeStatus(store, caller, projectId, pipelineId, cancelLocked)
}

/** POST .../retry: failed and canceled jobs run again. */
export function retryPipeline(
  store: PipelineStore,
  caller: Caller,
  projectId: number,
  pipelineId: number,
): Promise<Pipeline> {
  return changeStatus(store, caller, projectId, pipelineId, retryLocked)
}

/** DELETE: the pipeline with its jobs and variables (Owner: destroy_pipeline). */
export async function deletePipeline(
  store: PipelineStore,
  caller: Caller,
  projectId: number,
  pipelineId: number,
): Promise<void> {
  requireAbility(caller, projectId, 'readPipeline')
  foundPipeline(pipelineId > 0 ? await store.findInProject(projectId, pipelineId) : undefined)
  requireAbility(caller, projectId, 'destroyPipeline')
  await store.delete(projectId, pipelineId)
}
