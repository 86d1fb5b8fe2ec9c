import {
  FeatureAccessLevel,
  FeatureAccessLevels,
  type ContainerExpirationPolicyInput,
  type ProjectSettingsInput,
} from '@suite/proto'
import { saturatingInt32, saturatingInteger } from './coercions.js'
import {
  FEATURE_ACCESS_LEVEL_FIELDS,
  FEATURE_BOOLEANS,
  FLAGS,
  PROJECT_FEATURES,
  featureLevelOf,
} from './project-features.js'

type Values = Readonly<Record<string, unknown>>

function stringValue(values: Values, name: string): string | undefined {
  const value = values[name]
  return typeof value === 'string' ? value : undefined
}

function boolValue(values: Values, name: string): boolean | undefined {
  const value = values[name]
  return typeof value === 'boolean' ? value : undefined
}

function intValue(values: Values, name: string): number | undefined {
  const value = values[name]
  return typeof value === 'number' ? value : undefined
}

/** container_expiration_policy_attributes, read with GitLab's coercions. */
function policyInput(raw: unknown): ContainerExpirationPolicyInput | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined
  const values = raw as Record<string, unknown>
  const text = (name: string) => {
    const value = values[name]
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : undefined
  }
  const enabled = text('enabled')
  const keepN = text('keep_n')
  return {
    cadence: text('cadence'),
    enabled: enabled === undefined ? undefined : /^(true|t|1|yes|y|on)$/i.test(enabled),
    // An int32 field: beyond it saturates to a value the service refuses, as any unlisted keep_n.
    keepN:
      keepN === undefined || !/^\d+$/.test(keepN)
        ? undefined
        : saturatingInt32(saturatingInteger(keepN)),
    olderThan: text('older_than'),
    nameRegex: text('name_regex') ?? text('name_regex_delete'),
    nameRegexKeep: text('name_regex_keep'),
  }
}

/**
 * The feature levels given, from `<feature>_access_level` and the deprecated
 * `<feature>_enabled` booleans (the level wins); UNSPECIFIED where neither is.
 */
function featuresInput(values: Values): FeatureAccessLevels {
  const features = FeatureAccessLevels.create()
  for (const [name, feature] of Object.entries(FEATURE_BOOLEANS)) {
    const value = boolValue(values, name)
    if (value !== undefined) features[feature] = featureLevelOf(value ? 'enabled' : 'disabled')
  }
  for (const feature of PROJECT_FEATURES) {
    const level = featureLevelOf(stringValue(values, FEATURE_ACCESS_LEVEL_FIELDS[feature].name))
    if (level !== FeatureAccessLevel.FEATURE_ACCESS_LEVEL_UNSPECIFIED) features[feature] = level
  }
  return features
}

/** The settings of a create or edit request, with GitLab's deprecated aliases folded in. */
export function settingsInput(values: Values): ProjectSettingsInput {
  const flags: Record<string, boolean> = {}
  const emailsDisabled = boolValue(values, 'emails_disabled')
  if (emailsDisabled !== undefined) flags['emails_enabled'] = !emailsDisabled
  const publicBuilds = boolValue(values, 'public_builds')
  if (publicBuilds !== undefined) flags['public_jobs'] = publicBuilds
  for (const name of FLAGS) {
    const value = boolValue(values, name)
    if (value !== undefined) flags[name] = value
  }
  const topics = (values['topics'] ?? values['tag_list']) as string[] | undefined
  return {
    name: stringValue(values, 'name'),
    path: stringValue(values, 'path'),
    description: stringValue(values, 'description'),
    visibility: stringValue(values, 'visibility'),
    defaultBranch: stringValue(values, 'default_branch'),
    topicsGiven: topics !== undefined,
    topics: topics ?? [],
    features: featuresInput(values),
    flags,
    mergeMethod: stringValue(values, 'merge_method'),
    squashOption: stringValue(values, 'squash_option'),
    ciConfigPath: stringValue(values, 'ci_config_path'),
    buildTimeout: intValue(values, 'build_timeout'),
    ciDefaultGitDepth: intValue(values, 'ci_default_git_depth'),
    suggestionCommitMessage: stringValue(values, 'suggestion_commit_message'),
    mergeCommitTemplate: stringValue(values, 'merge_commit_template'),
    squashCommitTemplate: stringValue(values, 'squash_commit_template'),
    issueBranchTemplate: stringValue(values, 'issue_branch_template'),
    autoCancelPendingPipelines: stringValue(values, 'auto_cancel_pending_pipelines'),
    autoDevopsDeployStrategy: stringValue(values, 'auto_devops_deploy_strategy'),
    approvalsBeforeMerge: intValue(values, 'approvals_before_merge'),
    externalAuthorizationClassificationLabel: stringValue(
      values,
      'external_authorization_classification_label',
    ),
    archived: undefined,
    ciPipelineVariablesMinimumOverrideRole: stringValue(
      values,
      'ci_pipeline_variables_minimum_override_role',
    ),
    ciIdTokenSubClaimComponentsGiven: values['ci_id_token_sub_claim_components'] !== undefined,
    ciIdTokenSubClaimComponents: (values['ci_id_token_sub_claim_components'] as string[]) ?? [],
    containerExpirationPolicy: policyInput(values['container_expiration_policy_attributes']),
    buildGitStrategy: stringValue(values, 'build_git_strategy'),
    maxArtifactsSize: intValue(values, 'max_artifacts_size'),
    ciDeletePipelinesInSeconds: intValue(values, 'ci_delete_pipelines_in_seconds'),
    mirrorUserId: intValue(values, 'mirror_user_id'),
    repositoryStorage: stringValue(values, 'repository_storage'),
  }
}
