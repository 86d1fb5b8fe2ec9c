import { InvalidError } from '@suite/runtime'
import { validatePipelineInput, type CreatePipelineInput } from './pipeline-input.js'

const input: CreatePipelineInput = {
  projectId: 7,
  sha: 'a'.repeat(40),
  ref: 'refs/merge-requests/1/head',
  source: 'merge_request_event',
  tag: false,
  beforeSha: '',
  mergeRequestId: 3,
  committedAt: null,
  userId: 1,
  idempotencyKey: '',
}

function fieldErrors(bad: Partial<CreatePipelineInput>): unknown {
  try {
    validatePipelineInput({ ...input, ...bad })
  } catch (error) {
    if (error instanceof InvalidError) return error.fieldErrors
    throw error
  }
  return undefined
}

describe('validatePipelineInput', () => {
  it('answers the source of a valid pipeline', () => {
    expect(validatePipelineInput(input)).toBe('merge_request_event')
  })

  it("refuses a blank sha or ref with Rails' message", () => {
    expect(fieldErrors({ sha: '' })).toEqual({ sha: ["can't be blank"] })
    expect(fieldErrors({ ref: '  ' })).toEqual({ ref: ["can't be blank"] })
    expect(fieldErrors({ sha: '', ref: '' })).toEqual({
      sha: ["can't be blank"],
      ref: ["can't be blank"],
    })
  })

  it('refuses the all-zero sha of a branch removal', () => {
    expect(fieldErrors({ sha: '0'.repeat(40) })).toEqual({
      sha: [' cant be 00000000 (branch removal)'],
    })
  })

  it('refuses an unknown or missing source and a missing project', () => {
    expect(fieldErrors({ source: 'unknown' })).toEqual({ source: ['is not included in the list'] })
    expect(fieldErrors({ source: '' })).toEqual({ source: ['is not included in the list'] })
    expect(fieldErrors({ projectId: 0 })).toEqual({ project_id: ["can't be blank"] })
  })
})
