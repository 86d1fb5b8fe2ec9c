import type { Insertable, Selectable, Updateable } from 'kysely'
import { listRequirements } from '../domain/access-facts.js'
import type { Project, ProjectNamespace } from '../domain/project.js'
import {
  FEATURES,
  FLAGS,
  type Feature,
  type FeatureAccess,
  type FeatureLevels,
  type Flags,
} from '../domain/project-settings.js'
import { requirementColumns } from './requirement-columns.js'
import type { ProjectsTable } from './project-tables.js'
import { visibilityLevel, visibilityName } from '@suite/runtime'

export type ProjectRow = Selectable<ProjectsTable>
export type NewProjectRow = Insertable<ProjectsTable>
export type ProjectPatchRow = Updateable<ProjectsTable>

const accessColumn = (feature: Feature) => `${feature}_access_level` as const

export function toProject(row: ProjectRow, topics: string[]): Project {
  const features = Object.fromEntries(
    FEATURES.map((feature) => [feature, row[accessColumn(feature)] as FeatureAccess]),
  ) as FeatureLevels
  const flags = Object.fromEntries(FLAGS.map((flag) => [flag, row[flag]])) as Flags
  const namespace: ProjectNamespace = {
    id: row.namespace_id,
    fullPath: row.namespace_full_path,
    fullName: row.namespace_full_name,
    kind: row.namespace_kind === 'group' ? 'group' : 'user',
    parentId: row.namespace_parent_id,
    traversalIds: row.namespace_traversal_ids.map(Number),
    ownerId: row.owner_id,
  }
  return {
    id: row.id,
    namespace,
    name: row.name,
    path: row.path,
    fullPath: row.full_path,
    description: row.description,
    visibility: visibilityName(row.visibility_level),
    creatorId: row.creator_id,
    defaultBranch: row.default_branch,
    archived: row.archived,
    importUrl: row.import_url,
    importType: row.import_type,
    importStatus: row.import_status,
    importError: row.import_error,
    starCount: row.star_count,
    forkedFromProjectId:
      row.forked_from_project_id === null ? null : Number(row.forked_from_project_id),
    forksCount: row.forks_count,
    topics,
    features,
    flags,
    settings: {
      mergeMethod: row.merge_method,
      squashOption: row.squash_option,
      ciConfigPath: row.ci_config_path,
      buildTimeout: row.build_timeout,
      ciDefaultGitDepth: row.ci_default_git_depth,
      suggestionCommitMessage: row.suggestion_commit_message,
      mergeCommitTemplate: row.merge_commit_template,
      squashCommitTemplate: row.squash_commit_template,
      issueBranchTemplate: row.issue_branch_template,
      autoCancelPendingPipelines: row.auto_cancel_pending_pipelines,
      autoDevopsDeployStrategy: row.auto_devops_deploy_strategy,
      approvalsBeforeMerge: row.approvals_before_merge,
      externalAuthorizationClassificationLabel: row.external_authorization_classification_label,
      ciPipelineVariablesMinimumOverrideRole: row.ci_pipeline_variables_minimum_override_role,
      ciIdTokenSubClaimComponents: row.ci_id_token_sub_claim_components,
      containerExpirationPolicy: {
        cadence: row.cep_cadence,
        enabled: row.cep_enabled,
        keepN: row.cep_keep_n,
        olderThan: row.cep_older_than,
        nameRegex: row.cep_name_regex,
        nameRegexKeep: row.cep_name_regex_keep,
      },
      buildGitStrategy: row.build_git_strategy,
      maxArtifactsSize: row.max_artifacts_size,
      ciDeletePipelinesInSeconds: row.ci_delete_pipelines_in_seconds,
      mirrorUserId: row.mirror_user_id === null ? null : Number(row.mirror_user_id),
      repositoryStorage: row.repository_storage,
    },
    runnersToken: row.runners_token,
    avatarFilename: row.avatar_filename,
    repositoryObjectFormat: row.repository_object_format === 'sha256' ? 'sha256' : 'sha1',
    lastActivityAt: row.last_activity_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  }
}

/**
 * The list abilities' Requirements the policy gives a project's settings, as
 * the row keeps them (written with every save; the migration that added them
 * fills existing rows with it).
 */
export function requirementColumnsOf(
  project: Pick<Project, 'visibility' | 'features' | 'archived' | 'flags'>,
): Record<string, boolean | number> {
  return requirementColumns(listRequirements(project))
}

/**
 * The columns of a project's writable state (everything but id, topics,
 * timestamps and version), with the list abilities' Requirements the policy
 * gives that state.
 */
export function toRow(
  project: Omit<
    Project,
    'id' | 'topics' | 'createdAt' | 'updatedAt' | 'lastActivityAt' | 'version' | 'forksCount'
  >,
): Omit<NewProjectRow, 'id'> {
  const row: Record<string, unknown> = {
    namespace_id: project.namespace.id,
    namespace_full_path: project.namespace.fullPath,
    namespace_full_name: project.namespace.fullName,
    namespace_kind: project.namespace.kind,
    namespace_parent_id: project.namespace.parentId,
    namespace_traversal_ids: project.namespace.traversalIds,
    owner_id: project.namespace.ownerId,
    name: project.name,
    path: project.path,
    full_path: project.fullPath,
    description: project.description,
    visibility_level: visibilityLevel(project.visibility) ?? 0,
    creator_id: project.creatorId,
    default_branch: project.defaultBranch,
    archived: project.archived,
    import_url: project.importUrl,
    import_type: project.importType,
    import_status: project.importStatus,
    import_error: project.importError,
    star_count: project.starCount,
    forked_from_project_id: project.forkedFromProjectId,
    merge_method: project.settings.mergeMethod,
    squash_option: project.settings.squashOption,
    ci_config_path: project.settings.ciConfigPath,
    build_timeout: project.settings.buildTimeout,
    ci_default_git_depth: project.settings.ciDefaultGitDepth,
    suggestion_commit_message: project.settings.suggestionCommitMessage,
    merge_commit_template: project.settings.mergeCommitTemplate,
    squash_commit_template: project.settings.squashCommitTemplate,
    issue_branch_template: project.settings.issueBranchTemplate,
    auto_cancel_pending_pipelines: project.settings.autoCancelPendingPipelines,
    auto_devops_deploy_strategy: project.settings.autoDevopsDeployStrategy,
    approvals_before_merge: project.settings.approvalsBeforeMerge,
    external_authorization_classification_label:
      project.settings.externalAuthorizationClassificationLabel,
    runners_token: project.runnersToken,
    ci_pipeline_variables_minimum_override_role:
      project.settings.ciPipelineVariablesMinimumOverrideRole,
    ci_id_token_sub_claim_components: project.settings.ciIdTokenSubClaimComponents,
    cep_cadence: project.settings.containerExpirationPolicy.cadence,
    cep_enabled: project.settings.containerExpirationPolicy.enabled,
    cep_keep_n: project.settings.containerExpirationPolicy.keepN,
    cep_older_than: project.settings.containerExpirationPolicy.olderThan,
    cep_name_regex: project.settings.containerExpirationPolicy.nameRegex,
    cep_name_regex_keep: project.settings.containerExpirationPolicy.nameRegexKeep,
    build_git_strategy: project.settings.buildGitStrategy,
    max_artifacts_size: project.settings.maxArtifactsSize,
    ci_delete_pipelines_in_seconds: project.settings.ciDeletePipelinesInSeconds,
    mirror_user_id: project.settings.mirrorUserId,
    repository_storage: project.settings.repositoryStorage,
    avatar_filename: project.avatarFilename,
    repository_object_format: project.repositoryObjectFormat,
  }
  for (const feature of FEATURES) row[accessColumn(feature)] = project.features[feature]
  for (const flag of FLAGS) row[flag] = project.flags[flag]
  return { ...(row as Omit<NewProjectRow, 'id'>), ...requirementColumnsOf(project) }
}
