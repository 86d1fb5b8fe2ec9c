import { decodePipelineFinished, pipelineFinishedJobId } from '@suite/runtime'
import type { Pipeline } from './pipeline.js'
import { pipelineFinishedNews } from './pipeline-finished.js'

const finishedAt = new Date('2026-11-27T09:00:00.000Z')

function pipeline(values: Partial<Pipeline> = {}): Pipeline {
  return {
    id: 7,
    iid: 1,
    projectId: 3,
    sha: 'a'.repeat(40),
    ref: 'feature',
    status: 'success',
    source: 'push',
    userId: 1,
    createdAt: new Date('2026-11-27T08:00:00.000Z'),
    updatedAt: finishedAt,
    startedAt: null,
    finishedAt,
    committedAt: null,
    duration: null,
    queuedDuration: null,
    coverage: null,
    beforeSha: '0'.repeat(40),
    tag: false,
    yamlErrors: null,
    mergeRequestId: null,
    name: null,
    upstream: null,
    ...values,
  }
}

describe('pipelineFinishedNews', () => {
  it('reports a change into each completed status, as the worker decodes it', () => {
    for (const status of ['success', 'failed', 'canceled', 'skipped'] as const) {
      const news = pipelineFinishedNews('running', pipeline({ status }))
      expect(news).toEqual({
        projectId: 3,
        pipelineId: 7,
        ref: 'feature',
        sha: 'a'.repeat(40),
        status,
        branch: true,
        finishedAt: finishedAt.toISOString(),
      })
      expect(decodePipelineFinished(JSON.parse(JSON.stringify(news)))).toEqual(news)
    }
  })

  it('says nothing while active or when the status did not change', () => {
    expect(pipelineFinishedNews('pending', pipeline({ status: 'running' }))).toBeUndefined()
    expect(pipelineFinishedNews('success', pipeline({ status: 'success' }))).toBeUndefined()
    expect(pipelineFinishedNews('created', pipeline({ status: 'manual' }))).toBeUndefined()
  })

  it('tells tag and merge request pipelines from branch ones', () => {
    expect(pipelineFinishedNews('running', pipeline({ tag: true }))?.branch).toBe(false)
    expect(pipelineFinishedNews('running', pipeline({ mergeRequestId: 4 }))?.branch).toBe(false)
  })

  it('keys each completion apart: a retried pipeline that finishes again is news again', () => {
    const first = pipelineFinishedNews('running', pipeline({ status: 'failed' }))
    const again = pipelineFinishedNews(
      'running',
      pipeline({ status: 'failed', finishedAt: new Date(finishedAt.getTime() + 60_000) }),
    )
    expect(first && pipelineFinishedJobId(first)).toBe(`pipeline_7_failed_${finishedAt.getTime()}`)
    expect(again && pipelineFinishedJobId(again)).not.toBe(first && pipelineFinishedJobId(first))
  })
})
