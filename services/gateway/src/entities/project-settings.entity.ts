import type { Project } from '@suite/proto'
import { orNull } from './present-context.js'
import { featureEnabled, projectFlag } from './project-setting-values.js'

/**
 * The merge, mirror and compliance settings of GitLab's Project entity,
 * with the fields it always shows as empty here (requirements_access_level
 * is with the other feature levels).
 */
export function presentProjectSettings(project: Project) {
  return {
    ci_config_path: orNull(project.ciConfigPath),
    public_jobs: projectFlag(project, 'public_jobs'),
    shared_with_groups: [],
    only_allow_merge_if_pipeline_succeeds: projectFlag(
      project,
      'only_allow_merge_if_pipeline_succeeds',
    ),
    allow_merge_on_skipped_pipeline: projectFlag(project, 'allow_merge_on_skipped_pipeline'),
    allow_pipeline_trigger_approve_deployment: projectFlag(
      project,
      'allow_pipeline_trigger_approve_deployment',
    ),
    request_access_enabled: projectFlag(project, 'request_access_enabled'),
    only_allow_merge_if_all_discussions_are_resolved: projectFlag(
      project,
      'only_allow_merge_if_all_discussions_are_resolved',
    ),
    only_allow_merge_if_all_status_checks_passed: projectFlag(
      project,
      'only_allow_merge_if_all_status_checks_passed',
    ),
    remove_source_branch_after_merge: projectFlag(project, 'remove_source_branch_after_merge'),
    printing_merge_request_link_enabled: projectFlag(
      project,
      'printing_merge_request_link_enabled',
    ),
    printing_merge_requests_link_enabled: projectFlag(
      project,
      'printing_merge_request_link_enabled',
    ),
    merge_method: project.mergeMethod,
    squash_option: project.squashOption,
    enforce_auth_checks_on_uploads: projectFlag(project, 'enforce_auth_checks_on_uploads'),
    suggestion_commit_message: orNull(project.suggestionCommitMessage),
    merge_commit_template: orNull(project.mergeCommitTemplate),
    squash_commit_template: orNull(project.squashCommitTemplate),
    issue_branch_template: orNull(project.issueBranchTemplate),
    warn_about_potentially_unwanted_characters: projectFlag(
      project,
      'warn_about_potentially_unwanted_characters',
    ),
    autoclose_referenced_issues: projectFlag(project, 'autoclose_referenced_issues'),
    max_artifacts_size: orNull(project.maxArtifactsSize),
    approvals_before_merge: project.approvalsBeforeMerge,
    mirror: projectFlag(project, 'mirror'),
    mirror_user_id:
      orNull(project.mirrorUserId) ?? (projectFlag(project, 'mirror') ? project.creatorId : null),
    mirror_trigger_builds: projectFlag(project, 'mirror_trigger_builds'),
    only_mirror_protected_branches: projectFlag(project, 'only_mirror_protected_branches'),
    mirror_overwrites_diverged_branches: projectFlag(
      project,
      'mirror_overwrites_diverged_branches',
    ),
    external_authorization_classification_label: orNull(
      project.externalAuthorizationClassificationLabel,
    ),
    requirements_enabled: featureEnabled(project, 'requirements'),
    security_and_compliance_enabled: featureEnabled(project, 'securityAndCompliance'),
    secret_push_protection_enabled: projectFlag(project, 'secret_push_protection_enabled'),
    compliance_frameworks: [],
    issues_template: null,
    merge_requests_template: null,
    merge_pipelines_enabled: projectFlag(project, 'merge_pipelines_enabled'),
    merge_trains_enabled: projectFlag(project, 'merge_trains_enabled'),
    merge_trains_skip_train_allowed: projectFlag(project, 'merge_trains_skip_train_allowed'),
    web_based_commit_signing_enabled: projectFlag(project, 'web_based_commit_signing_enabled'),
    marked_for_deletion_at: null,
    marked_for_deletion_on: null,
    show_default_award_emojis: projectFlag(project, 'show_default_award_emojis'),
    prevent_merge_without_tracker_issue: projectFlag(
      project,
      'prevent_merge_without_tracker_issue',
    ),
    spp_repository_pipeline_access: projectFlag(project, 'spp_repository_pipeline_access'),
    auto_svc_code_review_enabled: projectFlag(project, 'auto_svc_code_review_enabled'),
    svc_remote_flows_enabled: projectFlag(project, 'svc_remote_flows_enabled'),
  }
}
