import { FeatureAccessLevel, type FeatureAccessLevels } from '@suite/proto'

/** One ProjectFeature: a field of FeatureAccessLevels. */
export type ProjectFeature = keyof FeatureAccessLevels

/** GitLab's words for a feature access level (ProjectFeature::STRING_OPTIONS). */
export type FeatureLevelWord = 'disabled' | 'private' | 'enabled' | 'public'

/** The one mapping between GitLab's words and FeatureAccessLevel, both ways. */
const LEVEL_WORDS: readonly (readonly [FeatureAccessLevel, FeatureLevelWord])[] = [
  [FeatureAccessLevel.FEATURE_ACCESS_LEVEL_DISABLED, 'disabled'],
  [FeatureAccessLevel.FEATURE_ACCESS_LEVEL_PRIVATE, 'private'],
  [FeatureAccessLevel.FEATURE_ACCESS_LEVEL_ENABLED, 'enabled'],
  [FeatureAccessLevel.FEATURE_ACCESS_LEVEL_PUBLIC, 'public'],
]

/**
 * A feature level as GitLab writes it. Answers always carry one of the four
 * levels; a level left unset reads as GitLab's default, `enabled`.
 */
export function featureLevelWord(level: FeatureAccessLevel): FeatureLevelWord {
  return LEVEL_WORDS.find(([candidate]) => candidate === level)?.[1] ?? 'enabled'
}

/** A word of a `<feature>_access_level` parameter as a level (UNSPECIFIED: not given). */
export function featureLevelOf(word: string | undefined): FeatureAccessLevel {
  const found = LEVEL_WORDS.find(([, candidate]) => candidate === word)
  return found ? found[0] : FeatureAccessLevel.FEATURE_ACCESS_LEVEL_UNSPECIFIED
}

/** `<feature>_enabled`: the feature is on unless it is disabled. */
export function featureOn(level: FeatureAccessLevel): boolean {
  return featureLevelWord(level) !== 'disabled'
}

const WITHOUT_PUBLIC: readonly FeatureLevelWord[] = ['disabled', 'private', 'enabled']
const WITH_PUBLIC: readonly FeatureLevelWord[] = ['disabled', 'private', 'enabled', 'public']

/**
 * Every ProjectFeature with its `<feature>_access_level` name (parameter and
 * JSON field) and the words it takes: `public` is for pages and the package
 * registry only.
 */
export const FEATURE_ACCESS_LEVEL_FIELDS: {
  readonly [F in ProjectFeature]: {
    readonly name: string
    readonly words: readonly FeatureLevelWord[]
  }
} = {
  issues: { name: 'issues_access_level', words: WITHOUT_PUBLIC },
  repository: { name: 'repository_access_level', words: WITHOUT_PUBLIC },
  mergeRequests: { name: 'merge_requests_access_level', words: WITHOUT_PUBLIC },
  forking: { name: 'forking_access_level', words: WITHOUT_PUBLIC },
  wiki: { name: 'wiki_access_level', words: WITHOUT_PUBLIC },
  builds: { name: 'builds_access_level', words: WITHOUT_PUBLIC },
  snippets: { name: 'snippets_access_level', words: WITHOUT_PUBLIC },
  pages: { name: 'pages_access_level', words: WITH_PUBLIC },
  analytics: { name: 'analytics_access_level', words: WITHOUT_PUBLIC },
  containerRegistry: { name: 'container_registry_access_level', words: WITHOUT_PUBLIC },
  securityAndCompliance: { name: 'security_and_compliance_access_level', words: WITHOUT_PUBLIC },
  releases: { name: 'releases_access_level', words: WITHOUT_PUBLIC },
  environments: { name: 'environments_access_level', words: WITHOUT_PUBLIC },
  featureFlags: { name: 'feature_flags_access_level', words: WITHOUT_PUBLIC },
  infrastructure: { name: 'infrastructure_access_level', words: WITHOUT_PUBLIC },
  monitor: { name: 'monitor_access_level', words: WITHOUT_PUBLIC },
  modelExperiments: { name: 'model_experiments_access_level', words: WITHOUT_PUBLIC },
  modelRegistry: { name: 'model_registry_access_level', words: WITHOUT_PUBLIC },
  packageRegistry: { name: 'package_registry_access_level', words: WITH_PUBLIC },
  requirements: { name: 'requirements_access_level', words: WITHOUT_PUBLIC },
}

/** The features in the order GitLab's Project entity shows their access levels. */
export const PROJECT_FEATURES = Object.keys(FEATURE_ACCESS_LEVEL_FIELDS) as ProjectFeature[]

/** Boolean settings taken as they are named. */
export const FLAGS = [
  'lfs_enabled',
  'request_access_enabled',
  'only_allow_merge_if_pipeline_succeeds',
  'allow_merge_on_skipped_pipeline',
  'only_allow_merge_if_all_discussions_are_resolved',
  'only_allow_merge_if_all_status_checks_passed',
  'remove_source_branch_after_merge',
  'printing_merge_request_link_enabled',
  'resolve_outdated_diff_discussions',
  'autoclose_referenced_issues',
  'shared_runners_enabled',
  'group_runners_enabled',
  'public_jobs',
  'emails_enabled',
  'service_desk_enabled',
  'auto_devops_enabled',
  'packages_enabled',
  'keep_latest_artifact',
  'ci_forward_deployment_enabled',
  'ci_forward_deployment_rollback_allowed',
  'ci_allow_fork_pipelines_to_run_in_parent_project',
  'ci_separated_caches',
  'ci_job_token_scope_enabled',
  'ci_push_repository_for_job_token_allowed',
  'restrict_user_defined_variables',
  'enforce_auth_checks_on_uploads',
  'warn_about_potentially_unwanted_characters',
  'secret_push_protection_enabled',
  'mr_default_target_self',
  'allow_pipeline_trigger_approve_deployment',
  'mirror',
  'mirror_trigger_builds',
  'only_mirror_protected_branches',
  'mirror_overwrites_diverged_branches',
  'web_based_commit_signing_enabled',
  'merge_pipelines_enabled',
  'merge_trains_enabled',
  'merge_trains_skip_train_allowed',
  'show_default_award_emojis',
  'prevent_merge_without_tracker_issue',
  'spp_repository_pipeline_access',
  'auto_svc_code_review_enabled',
  'svc_remote_flows_enabled',
]

/** The deprecated `<feature>_enabled` booleans (projects_helpers.rb) and their feature. */
export const FEATURE_BOOLEANS: Readonly<Record<string, ProjectFeature>> = {
  issues_enabled: 'issues',
  merge_requests_enabled: 'mergeRequests',
  jobs_enabled: 'builds',
  wiki_enabled: 'wiki',
  snippets_enabled: 'snippets',
  container_registry_enabled: 'containerRegistry',
}
