import { ConflictError } from '@suite/runtime'
import { BLANK_SHA, type Pipeline } from './pipeline.js'
import { validatePipelineInput, type CreatePipelineInput } from './pipeline-input.js'
import { initialPipelineState } from './pipeline-status.js'
import type { PipelineStore } from './ports.js'

/**
 * Creates a pipeline, or answers the one a previous call with the same
 * idempotency key created. There is no job model yet, so it has no jobs
 * (see initialPipelineState for its status).
 */
export async function createPipeline(
  store: PipelineStore,
  input: CreatePipelineInput,
): Promise<Pipeline> {
  const source = validatePipelineInput(input)
  const { pipeline, created } = await store.create({
    ...initialPipelineState(0),
    projectId: input.projectId,
    sha: input.sha,
    ref: input.ref,
    source,
    userId: input.userId,
    committedAt: input.committedAt,
    beforeSha: input.beforeSha === '' ? BLANK_SHA : input.beforeSha,
    tag: input.tag,
    mergeRequestId: input.mergeRequestId,
    idempotencyKey: input.idempotencyKey === '' ? null : input.idempotencyKey,
  })
  if (!created && pipeline.projectId !== input.projectId) {
    throw new ConflictError(
      'Idempotency key already used in another project',
      {},
      'idempotency_key_reused',
    )
  }
  return pipeline
}
