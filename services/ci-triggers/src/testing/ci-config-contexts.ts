import type { CiConfigContext, CiConfigOutcome, InputValue } from '../domain/ci-config/types.js'
import { planPipeline } from '../domain/ci-config/plan-pipeline.js'

/** Contexts for unit tests, shaped as the pipeline creation passes them. */
export function branchContext(
  source = 'push',
  branch = 'main',
  extra: Record<string, string> = {},
): CiConfigContext {
  return {
    variables: {
      CI_PIPELINE_SOURCE: source,
      CI_COMMIT_BRANCH: branch,
      CI_COMMIT_REF_NAME: branch,
      CI_DEFAULT_BRANCH: 'main',
      ...extra,
    },
    inputs: {},
    source,
    ref: branch,
    tag: false,
  }
}

export function tagContext(tag = 'v1.0.0'): CiConfigContext {
  return {
    variables: {
      CI_PIPELINE_SOURCE: 'push',
      CI_COMMIT_TAG: tag,
      CI_COMMIT_REF_NAME: tag,
      CI_DEFAULT_BRANCH: 'main',
    },
    inputs: {},
    source: 'push',
    ref: tag,
    tag: true,
  }
}

export function mergeRequestContext(iid = 1, sourceBranch = 'feature'): CiConfigContext {
  return {
    variables: {
      CI_PIPELINE_SOURCE: 'merge_request_event',
      CI_COMMIT_REF_NAME: sourceBranch,
      CI_DEFAULT_BRANCH: 'main',
      CI_MERGE_REQUEST_IID: String(iid),
      CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: sourceBranch,
    },
    inputs: {},
    source: 'merge_request_event',
    ref: `refs/merge-requests/${iid}/head`,
    tag: false,
  }
}

export const withInputs = (
  ctx: CiConfigContext,
  inputs: Record<string, InputValue>,
): CiConfigContext => ({
  ...ctx,
  inputs,
})

type Planned = Extract<CiConfigOutcome, { kind: 'pipeline' }>

/** The plan, or a thrown error naming the outcome when it is not a pipeline. */
export function planned(text: string, ctx: CiConfigContext = branchContext()): Planned {
  const outcome = planPipeline(text, ctx)
  if (outcome.kind !== 'pipeline')
    throw new Error(`expected a pipeline, got ${JSON.stringify(outcome)}`)
  return outcome
}

export const jobNames = (text: string, ctx?: CiConfigContext): string[] =>
  planned(text, ctx).jobs.map((j) => j.name)

export const jobOf = (text: string, name: string, ctx?: CiConfigContext) => {
  const job = planned(text, ctx).jobs.find((j) => j.name === name)
  if (!job) throw new Error(`no job ${name}`)
  return job
}
