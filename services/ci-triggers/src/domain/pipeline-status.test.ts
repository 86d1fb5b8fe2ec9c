import { initialPipelineState } from './pipeline-status.js'

describe('initialPipelineState', () => {
  it('is skipped, never started or finished, for a pipeline without jobs', () => {
    expect(initialPipelineState(0)).toEqual({
      status: 'skipped',
      startedAt: null,
      finishedAt: null,
      duration: null,
    })
  })

  it('is created, waiting to be processed, for a pipeline with jobs', () => {
    expect(initialPipelineState(2)).toEqual({
      status: 'created',
      startedAt: null,
      finishedAt: null,
      duration: null,
    })
  })
})
