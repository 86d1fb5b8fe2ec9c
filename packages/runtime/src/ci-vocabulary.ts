/**
 * GitLab's CI words that both the gateway (Grape's `values:` checks, before
 * anything is looked up) and ci-triggers (its own rules) check: one list each.
 */

/** Ci::HasStatus::AVAILABLE_STATUSES: pipeline and job statuses. */
export const CI_STATUSES = [
  'created',
  'waiting_for_resource',
  'preparing',
  'pending',
  'running',
  'success',
  'failed',
  'canceled',
  'skipped',
  'manual',
  'scheduled',
] as const

export type CiStatus = (typeof CI_STATUSES)[number]

/** Ci::Pipeline.sources (Enums::Ci::Pipeline), `unknown` first. */
export const PIPELINE_SOURCES = [
  'unknown',
  'push',
  'web',
  'trigger',
  'schedule',
  'api',
  'external',
  'pipeline',
  'chat',
  'webide',
  'merge_request_event',
  'external_pull_request_event',
  'parent_pipeline',
  'ondemand_dast_scan',
  'ondemand_dast_validation',
  'security_orchestration_policy',
  'container_registry_push',
  'duo_workflow',
  'pipeline_execution_policy_schedule',
] as const

export type PipelineSource = (typeof PIPELINE_SOURCES)[number]

/** True when the text is one of GitLab's pipeline statuses. */
export function isCiStatus(text: string): text is CiStatus {
  return (CI_STATUSES as readonly string[]).includes(text)
}

/** True when the text is one of GitLab's pipeline sources. */
export function isPipelineSource(text: string): text is PipelineSource {
  return (PIPELINE_SOURCES as readonly string[]).includes(text)
}

/**
 * The failure reasons a runner may report on PUT /jobs/:id (Ci::Build's
 * failure_reason enum, runner side): ci-triggers keeps these and turns any
 * other into unknown_failure; the gateway lists them in the job payload's
 * features so that the runner reports them.
 */
export const RUNNER_FAILURE_REASONS = [
  'unknown_failure',
  'script_failure',
  'api_failure',
  'stuck_or_timeout_failure',
  'runner_system_failure',
  'missing_dependency_failure',
  'runner_unsupported',
  'job_execution_timeout',
  'archived_failure',
  'unmet_prerequisites',
  'scheduler_failure',
  'data_integrity_failure',
  'image_pull_failure',
] as const
