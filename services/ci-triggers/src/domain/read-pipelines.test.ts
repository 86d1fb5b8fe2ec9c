import { NotFoundError } from '@suite/runtime'
import { InMemoryPipelineStore } from '../testing/in-memory-pipeline-store.js'
import { createPipeline } from './create-pipeline.js'
import type { CreatePipelineInput } from './pipeline-input.js'
import { batchGetPipelines, getPipeline, listPipelines } from './read-pipelines.js'

const base: CreatePipelineInput = {
  projectId: 7,
  sha: 'a'.repeat(40),
  ref: 'main',
  source: 'merge_request_event',
  tag: false,
  beforeSha: '',
  mergeRequestId: 3,
  committedAt: null,
  userId: 1,
  idempotencyKey: '',
}

async function seeded(): Promise<InMemoryPipelineStore> {
  const store = new InMemoryPipelineStore()
  await createPipeline(store, base) // id 1
  await createPipeline(store, { ...base, mergeRequestId: 4 }) // id 2
  await createPipeline(store, { ...base, projectId: 8 }) // id 3
  await createPipeline(store, { ...base, ref: 'feature', sha: 'b'.repeat(40) }) // id 4
  return store
}

describe('getPipeline', () => {
  it('finds a pipeline of the project', async () => {
    expect((await getPipeline(await seeded(), 7, 2)).id).toBe(2)
  })

  it('is 404 "Pipeline" for an unknown id or one of another project', async () => {
    const store = await seeded()
    await expect(getPipeline(store, 7, 99)).rejects.toEqual(new NotFoundError('Pipeline'))
    await expect(getPipeline(store, 7, 3)).rejects.toBeInstanceOf(NotFoundError)
    await expect(getPipeline(store, 7, 0)).rejects.toBeInstanceOf(NotFoundError)
  })
})

describe('batchGetPipelines', () => {
  it('answers in the order asked, once each, leaving unknown ids out', async () => {
    const pipelines = await batchGetPipelines(await seeded(), [3, 99, 1, 3, 0])
    expect(pipelines.map((p) => p.id)).toEqual([3, 1])
  })

  it('answers nothing for no ids', async () => {
    expect(await batchGetPipelines(await seeded(), [])).toEqual([])
  })
})

describe('listPipelines', () => {
  it("lists a project's pipelines newest first, with the total", async () => {
    const { pipelines, total } = await listPipelines(await seeded(), { projectId: 7 }, undefined)
    expect(pipelines.map((p) => p.id)).toEqual([4, 2, 1])
    expect(total).toBe(3)
  })

  it('filters by merge request, and by ref and sha', async () => {
    const store = await seeded()
    const byMr = await listPipelines(store, { projectId: 7, mergeRequestId: 3 }, undefined)
    expect(byMr.pipelines.map((p) => p.id)).toEqual([4, 1])
    const byRef = await listPipelines(
      store,
      { projectId: 7, ref: 'feature', sha: 'b'.repeat(40) },
      undefined,
    )
    expect(byRef.pipelines.map((p) => p.id)).toEqual([4])
  })

  it('pages with page and per_page', async () => {
    const page = await listPipelines(await seeded(), { projectId: 7 }, { page: 2, perPage: 2 })
    expect(page.pipelines.map((p) => p.id)).toEqual([1])
    expect(page.total).toBe(3)
  })
})
