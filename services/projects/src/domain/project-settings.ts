/**
 * The settings a project carries beyond its identity, with GitLab's defaults
 * for a new project. Feature access levels and boolean settings are named by
 * GitLab's API field names; the store keeps one column per setting.
 */

/** Features with an `<feature>_access_level` setting (ProjectFeature). */
export const FEATURES = [
  'analytics',
  'builds',
  'container_registry',
  'environments',
  'feature_flags',
  'forking',
  'infrastructure',
  'issues',
  'merge_requests',
  'model_experiments',
  'model_registry',
  'monitor',
  'package_registry',
  'pages',
  'releases',
  'repository',
  'requirements',
  'security_and_compliance',
  'snippets',
  'wiki',
] as const

export type Feature = (typeof FEATURES)[number]

/** ProjectFeature's levels; `public` is for pages (and the package registry) only. */
export const FEATURE_ACCESS_NAMES = ['disabled', 'private', 'enabled', 'public'] as const
export type FeatureAccess = (typeof FEATURE_ACCESS_NAMES)[number]

/** Boolean settings, by API name, with GitLab's default for a new project. */
export const FLAG_DEFAULTS = {
  lfs_enabled: true,
  request_access_enabled: true,
  only_allow_merge_if_pipeline_succeeds: false,
  allow_merge_on_skipped_pipeline: false,
  only_allow_merge_if_all_discussions_are_resolved: false,
  only_allow_merge_if_all_status_checks_passed: false,
  remove_source_branch_after_merge: true,
  printing_merge_request_link_enabled: true,
  resolve_outdated_diff_discussions: false,
  autoclose_referenced_issues: true,
  shared_runners_enabled: true,
  group_runners_enabled: true,
  public_jobs: true,
  emails_enabled: true,
  service_desk_enabled: false,
  auto_devops_enabled: true,
  packages_enabled: true,
  keep_latest_artifact: true,
  ci_forward_deployment_enabled: true,
  ci_forward_deployment_rollback_allowed: true,
  ci_allow_fork_pipelines_to_run_in_parent_project: true,
  ci_separated_caches: true,
  ci_job_token_scope_enabled: false,
  ci_push_repository_for_job_token_allowed: false,
  restrict_user_defined_variables: false,
  enforce_auth_checks_on_uploads: true,
  warn_about_potentially_unwanted_characters: true,
  secret_push_protection_enabled: false,
  mr_default_target_self: false,
  allow_pipeline_trigger_approve_deployment: false,
  mirror: false,
  mirror_trigger_builds: false,
  only_mirror_protected_branches: false,
  mirror_overwrites_diverged_branches: false,
  web_based_commit_signing_enabled: false,
  merge_pipelines_enabled: false,
  merge_trains_enabled: false,
  merge_trains_skip_train_allowed: false,
  show_default_award_emojis: true,
  prevent_merge_without_tracker_issue: false,
  spp_repository_pipeline_access: false,
  auto_svc_code_review_enabled: false,
  svc_remote_flows_enabled: true,
} as const satisfies Record<string, boolean>

export type Flag = keyof typeof FLAG_DEFAULTS
export const FLAGS = Object.keys(FLAG_DEFAULTS) as Flag[]

/** Every feature's access level (ProjectFeature). */
export type FeatureLevels = Record<Feature, FeatureAccess>
export type Flags = Record<Flag, boolean>

/** ProjectFeature defaults: most features enabled; pages private unless the project is public. */
export function defaultFeatureLevels(visibility: string): FeatureLevels {
  const levels = Object.fromEntries(
    FEATURES.map((feature) => [feature, 'enabled']),
  ) as FeatureLevels
  levels.security_and_compliance = 'private'
  levels.pages = visibility === 'public' ? 'enabled' : 'private'
  levels.package_registry = visibility === 'public' ? 'public' : 'enabled'
  return levels
}

export function isFlag(name: string): name is Flag {
  return Object.hasOwn(FLAG_DEFAULTS, name)
}

/** Scalar settings with their defaults. */
export interface ScalarSettings {
  mergeMethod: string
  squashOption: string
  ciConfigPath: string | null
  buildTimeout: number
  ciDefaultGitDepth: number
  suggestionCommitMessage: string | null
  mergeCommitTemplate: string | null
  squashCommitTemplate: string | null
  issueBranchTemplate: string | null
  autoCancelPendingPipelines: string
  autoDevopsDeployStrategy: string
  approvalsBeforeMerge: number
  externalAuthorizationClassificationLabel: string | null
  ciPipelineVariablesMinimumOverrideRole: string
  ciIdTokenSubClaimComponents: string[]
  containerExpirationPolicy: ContainerExpirationPolicy
  buildGitStrategy: string
  maxArtifactsSize: number | null
  ciDeletePipelinesInSeconds: number | null
  mirrorUserId: number | null
  repositoryStorage: string
}

/** ContainerExpirationPolicy with GitLab's defaults. */
export interface ContainerExpirationPolicy {
  cadence: string
  enabled: boolean
  keepN: number | null
  olderThan: string | null
  nameRegex: string | null
  nameRegexKeep: string | null
}

export const SCALAR_DEFAULTS: ScalarSettings = {
  mergeMethod: 'merge',
  squashOption: 'default_off',
  ciConfigPath: null,
  buildTimeout: 3600,
  ciDefaultGitDepth: 20,
  suggestionCommitMessage: null,
  mergeCommitTemplate: null,
  squashCommitTemplate: null,
  issueBranchTemplate: null,
  autoCancelPendingPipelines: 'enabled',
  autoDevopsDeployStrategy: 'continuous',
  approvalsBeforeMerge: 0,
  externalAuthorizationClassificationLabel: null,
  ciPipelineVariablesMinimumOverrideRole: 'developer',
  ciIdTokenSubClaimComponents: ['project_path', 'ref_type', 'ref'],
  containerExpirationPolicy: {
    cadence: '1d',
    enabled: false,
    keepN: 10,
    olderThan: '90d',
    nameRegex: '.*',
    nameRegexKeep: null,
  },
  buildGitStrategy: 'fetch',
  maxArtifactsSize: null,
  ciDeletePipelinesInSeconds: null,
  mirrorUserId: null,
  repositoryStorage: 'default',
}
