import { InvalidError, type FieldErrors } from '@suite/runtime'
import { BLANK_SHA, isPipelineSource, type PipelineSource } from './pipeline.js'

const BLANK = "can't be blank"

/** What a caller asks to create. */
export interface CreatePipelineInput {
  projectId: number
  sha: string
  ref: string
  source: string
  tag: boolean
  /** Empty when there is no previous commit. */
  beforeSha: string
  mergeRequestId: number | null
  committedAt: Date | null
  userId: number | null
  /** Empty when the caller gave none. */
  idempotencyKey: string
}

const isBlank = (text: string): boolean => text.trim() === ''

/**
 * GitLab's validations of a new pipeline (presence of sha and ref, no
 * all-zero sha, a known source); throws InvalidError with Rails' messages,
 * else answers the source as a PipelineSource.
 */
export function validatePipelineInput(input: CreatePipelineInput): PipelineSource {
  const errors: FieldErrors = {}
  if (!(input.projectId > 0)) errors.project_id = [BLANK]
  if (isBlank(input.sha)) errors.sha = [BLANK]
  // Ci::Pipeline#valid_commit_sha, message as GitLab words it.
  else if (input.sha === BLANK_SHA) errors.sha = [' cant be 00000000 (branch removal)']
  if (isBlank(input.ref)) errors.ref = [BLANK]
  const source = isPipelineSource(input.source) ? input.source : undefined
  if (!source) errors.source = ['is not included in the list']
  if (!source || Object.keys(errors).length > 0) throw new InvalidError(errors)
  return source
}
