import type { Migration } from 'kysely'
import * as createPipelines from './2026_11_21_1530_create_pipelines.js'
import * as addChangeTriggers from './2026_11_26_0900_add_change_triggers.js'
import * as createJobs from './2026_11_26_1000_create_jobs.js'
import * as createTriggerTokens from './2026_11_26_1100_create_trigger_tokens.js'
import * as createPipelineCreatedOutbox from './2026_11_26_1600_create_pipeline_created_outbox.js'
import * as createPipelineFinishedOutbox from './2026_11_27_0900_create_pipeline_finished_outbox.js'
import * as createRunners from './2026_11_27_1000_create_runners.js'
import * as addCommitStatuses from './2026_11_27_1200_add_commit_statuses.js'
import * as createHookEventOutbox from './2026_11_28_1200_create_hook_event_outbox.js'
import * as addPipelinesUserIndex from './2026_11_29_0901_add_pipelines_user_index.js'
import * as createCiVariables from './2026_11_30_0700_create_ci_variables.js'
import * as createJobTokenGroupScope from './2026_11_30_0800_create_job_token_group_scope.js'

/** Every migration of the `ci_triggers` schema, by name; Kysely runs them in name order. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_1530_create_pipelines': createPipelines,
  '2026_11_26_0900_add_change_triggers': addChangeTriggers,
  '2026_11_26_1000_create_jobs': createJobs,
  '2026_11_26_1100_create_trigger_tokens': createTriggerTokens,
  '2026_11_26_1600_create_pipeline_created_outbox': createPipelineCreatedOutbox,
  '2026_11_27_0900_create_pipeline_finished_outbox': createPipelineFinishedOutbox,
  '2026_11_27_1000_create_runners': createRunners,
  '2026_11_27_1200_add_commit_statuses': addCommitStatuses,
  '2026_11_28_1200_create_hook_event_outbox': createHookEventOutbox,
  '2026_11_29_0901_add_pipelines_user_index': addPipelinesUserIndex,
  '2026_11_30_0700_create_ci_variables': createCiVariables,
  '2026_11_30_0800_create_job_token_group_scope': createJobTokenGroupScope,
}
