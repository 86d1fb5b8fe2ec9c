import type { Project } from '@suite/proto'
import { orNull } from './present-context.js'
import { projectFlag } from './project-setting-values.js'

/** The CI/CD settings GitLab's Project entity shows only with :admin_project. */
export function presentProjectCiSettings(project: Project) {
  return {
    ci_default_git_depth: project.ciDefaultGitDepth,
    ci_delete_pipelines_in_seconds: orNull(project.ciDeletePipelinesInSeconds),
    ci_forward_deployment_enabled: projectFlag(project, 'ci_forward_deployment_enabled'),
    ci_forward_deployment_rollback_allowed: projectFlag(
      project,
      'ci_forward_deployment_rollback_allowed',
    ),
    ci_job_token_scope_enabled: projectFlag(project, 'ci_job_token_scope_enabled'),
    ci_separated_caches: projectFlag(project, 'ci_separated_caches'),
    ci_allow_fork_pipelines_to_run_in_parent_project: projectFlag(
      project,
      'ci_allow_fork_pipelines_to_run_in_parent_project',
    ),
    ci_id_token_sub_claim_components: project.ciIdTokenSubClaimComponents,
    build_git_strategy: project.buildGitStrategy,
    keep_latest_artifact: projectFlag(project, 'keep_latest_artifact'),
    restrict_user_defined_variables: projectFlag(project, 'restrict_user_defined_variables'),
    ci_pipeline_variables_minimum_override_role: project.ciPipelineVariablesMinimumOverrideRole,
    runner_token_expiration_interval: null,
    group_runners_enabled: projectFlag(project, 'group_runners_enabled'),
    auto_cancel_pending_pipelines: project.autoCancelPendingPipelines,
    build_timeout: project.buildTimeout,
    auto_devops_enabled: projectFlag(project, 'auto_devops_enabled'),
    auto_devops_deploy_strategy: project.autoDevopsDeployStrategy,
    ci_push_repository_for_job_token_allowed: projectFlag(
      project,
      'ci_push_repository_for_job_token_allowed',
    ),
    ci_restrict_pipeline_cancellation_role: 'developer',
    runners_token: project.runnersToken,
  }
}
