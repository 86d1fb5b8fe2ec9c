export type { CiConfigContext, CiConfigOutcome, InputValue, JobWhen, PlannedJob } from './types.js'
export { NO_JOBS, planPipeline, WORKFLOW_FILTERED } from './plan-pipeline.js'
