import { ConflictError, InvalidError } from '@suite/runtime'
import { InMemoryPipelineStore } from '../testing/in-memory-pipeline-store.js'
import { createPipeline } from './create-pipeline.js'
import type { CreatePipelineInput } from './pipeline-input.js'

const input: CreatePipelineInput = {
  projectId: 7,
  sha: 'a'.repeat(40),
  ref: 'refs/merge-requests/1/head',
  source: 'merge_request_event',
  tag: false,
  beforeSha: '',
  mergeRequestId: 3,
  committedAt: new Date('2026-11-20T10:00:00.000Z'),
  userId: 1,
  idempotencyKey: '',
}

describe('createPipeline', () => {
  it('stores a skipped pipeline without start or finish, as a pipeline without jobs is', async () => {
    const pipeline = await createPipeline(new InMemoryPipelineStore(), input)
    expect(pipeline).toMatchObject({
      iid: 1,
      projectId: 7,
      status: 'skipped',
      source: 'merge_request_event',
      userId: 1,
      mergeRequestId: 3,
      startedAt: null,
      finishedAt: null,
      duration: null,
      committedAt: input.committedAt,
    })
  })

  it("gives an absent before_sha GitLab's blank sha", async () => {
    const pipeline = await createPipeline(new InMemoryPipelineStore(), input)
    expect(pipeline.beforeSha).toBe('0'.repeat(40))
  })

  it('answers the first pipeline to a retry with the same idempotency key', async () => {
    const store = new InMemoryPipelineStore()
    const first = await createPipeline(store, { ...input, idempotencyKey: 'k1' })
    const retry = await createPipeline(store, { ...input, idempotencyKey: 'k1' })
    expect(retry).toBe(first)
    expect(store.pipelines).toHaveLength(1)
  })

  it('creates a new pipeline for each call without a key', async () => {
    const store = new InMemoryPipelineStore()
    await createPipeline(store, input)
    const second = await createPipeline(store, input)
    expect(second.iid).toBe(2)
  })

  it('refuses a key already used by a pipeline of another project', async () => {
    const store = new InMemoryPipelineStore()
    await createPipeline(store, { ...input, idempotencyKey: 'k1' })
    await expect(
      createPipeline(store, { ...input, projectId: 8, idempotencyKey: 'k1' }),
    ).rejects.toBeInstanceOf(ConflictError)
  })

  it('stores nothing for invalid input', async () => {
    const store = new InMemoryPipelineStore()
    await expect(createPipeline(store, { ...input, sha: '' })).rejects.toBeInstanceOf(InvalidError)
    expect(store.pipelines).toHaveLength(0)
  })
})
