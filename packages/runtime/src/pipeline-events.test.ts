import {
  PIPELINE_CREATED_EVENTS,
  PIPELINE_FINISHED_EVENTS,
  decodePipelineCreated,
  decodePipelineFinished,
} from './pipeline-events.js'

/** A payload as ci-triggers wrote it before the messages came from proto/. */
const finished = {
  projectId: 3,
  pipelineId: 7,
  ref: 'feature',
  sha: 'a'.repeat(40),
  status: 'failed',
  branch: false,
  finishedAt: '2026-11-27T09:00:00.000Z',
}

describe('pipeline events as gitlab.ci.v1 messages', () => {
  it('write the JSON that travelled before, key for key, false branch included', () => {
    expect(JSON.stringify(PIPELINE_FINISHED_EVENTS.outbox.toJSON(finished))).toBe(
      JSON.stringify(finished),
    )
    const created = { projectId: 3, pipelineId: 7, ref: 'feature', sha: 'a'.repeat(40) }
    expect(JSON.stringify(PIPELINE_CREATED_EVENTS.outbox.toJSON(created))).toBe(
      JSON.stringify(created),
    )
  })

  it('decode the jobs already queued', () => {
    expect(decodePipelineFinished(JSON.parse(JSON.stringify(finished)))).toEqual(finished)
    expect(decodePipelineCreated(finished)).toEqual({
      projectId: 3,
      pipelineId: 7,
      ref: 'feature',
      sha: 'a'.repeat(40),
    })
  })

  it('refuse what no producer writes: a missing branch, a wrong type, a non-completed status', () => {
    expect(decodePipelineFinished({ ...finished, branch: undefined })).toBeUndefined()
    expect(decodePipelineFinished({ ...finished, projectId: '3' })).toBeUndefined()
    expect(decodePipelineFinished({ ...finished, status: 'running' })).toBeUndefined()
    expect(decodePipelineCreated({ ...finished, sha: '' })).toBeUndefined()
    expect(decodePipelineCreated('junk')).toBeUndefined()
    expect(decodePipelineCreated(null)).toBeUndefined()
  })

  it('pass a bad outbox row on as it is, for the worker to refuse, without stopping the relay', () => {
    expect(PIPELINE_FINISHED_EVENTS.outbox.fromJSON(null)).toBeNull()
    expect(PIPELINE_FINISHED_EVENTS.outbox.toJSON('junk' as never)).toBe('junk')
  })
})
