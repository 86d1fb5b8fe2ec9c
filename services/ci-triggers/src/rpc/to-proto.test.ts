import type { Pipeline } from '../domain/pipeline.js'
import { toPipelineMessage } from './to-proto.js'

const at = new Date('2026-11-21T12:00:00.000Z')

const pipeline: Pipeline = {
  id: 5,
  iid: 2,
  projectId: 7,
  sha: 'a'.repeat(40),
  ref: 'refs/merge-requests/1/head',
  status: 'skipped',
  source: 'merge_request_event',
  userId: null,
  createdAt: at,
  updatedAt: at,
  startedAt: null,
  finishedAt: null,
  committedAt: null,
  duration: null,
  queuedDuration: null,
  coverage: null,
  beforeSha: '0'.repeat(40),
  tag: false,
  yamlErrors: null,
  mergeRequestId: 3,
  name: null,
  upstream: null,
}

describe('toPipelineMessage', () => {
  it('sends null fields as absent and a missing name as empty', () => {
    expect(toPipelineMessage(pipeline)).toEqual({
      id: 5,
      iid: 2,
      projectId: 7,
      sha: 'a'.repeat(40),
      ref: 'refs/merge-requests/1/head',
      status: 'skipped',
      source: 'merge_request_event',
      userId: undefined,
      createdAt: at,
      updatedAt: at,
      startedAt: undefined,
      finishedAt: undefined,
      committedAt: undefined,
      duration: undefined,
      queuedDuration: undefined,
      coverage: undefined,
      beforeSha: '0'.repeat(40),
      tag: false,
      yamlErrors: undefined,
      mergeRequestId: 3,
      name: '',
    })
  })

  it('keeps the values that are there', () => {
    const message = toPipelineMessage({ ...pipeline, userId: 1, duration: 30, coverage: '98.50' })
    expect(message).toMatchObject({ userId: 1, duration: 30, coverage: '98.50' })
  })
})
