import type { Project } from '@suite/proto'
import { presentLicenseBasic } from './license-basic.entity.js'
import { presentUserBasic } from './user-basic.entity.js'
import { isoTime, orNull, type PresentContext } from './present-context.js'

/** A project and how the request asked to see it. */
export interface ProjectView {
  project: Project
  /** statistics=true (shown to Reporter and up). */
  statistics?: boolean
  /** license=true */
  license?: boolean
}

const REPORTER = 20
const MAINTAINER = 40
/** NotificationSetting level `global`, what a member has unless changed. */
const GLOBAL_NOTIFICATION_LEVEL = 3

function host(externalUrl: string): string {
  return new URL(externalUrl).hostname
}

function lastSegment(text: string, separator: string): string {
  const parts = text.split(separator)
  return parts[parts.length - 1] ?? text
}

function urls(project: Project, ctx: PresentContext) {
  const webUrl = `${ctx.externalUrl}/${project.namespaceFullPath}/${project.path}`
  return {
    web_url: webUrl,
    ssh_url_to_repo: `git@${host(ctx.externalUrl)}:${project.namespaceFullPath}/${project.path}.git`,
    http_url_to_repo: `${webUrl}.git`,
  }
}

/** API::Entities::NamespaceBasic as projects show it. */
function presentNamespace(project: Project, ctx: PresentContext) {
  const group = project.namespaceKind === 'group'
  return {
    id: project.namespaceId,
    name: lastSegment(project.namespaceFullName, ' / '),
    path: lastSegment(project.namespaceFullPath, '/'),
    kind: group ? 'group' : 'user',
    full_path: project.namespaceFullPath,
    parent_id: orNull(project.namespaceParentId),
    avatar_url: null,
    web_url: group
      ? `${ctx.externalUrl}/groups/${project.namespaceFullPath}`
      : `${ctx.externalUrl}/${project.namespaceFullPath}`,
  }
}

/**
 * API::Entities::BasicProjectDetails as GitLab lists it with simple=true or
 * to anonymous callers (visibility only for a signed-in caller).
 */
export function presentProjectSimple({ project }: ProjectView, ctx: PresentContext) {
  const links = urls(project, ctx)
  return {
    id: project.id,
    description: orNull(project.description),
    name: project.name,
    name_with_namespace: `${project.namespaceFullName} / ${project.name}`,
    path: project.path,
    path_with_namespace: `${project.namespaceFullPath}/${project.path}`,
    created_at: isoTime(project.createdAt),
    default_branch: orNull(project.defaultBranch),
    tag_list: sortedTopics(project),
    topics: sortedTopics(project),
    ssh_url_to_repo: links.ssh_url_to_repo,
    http_url_to_repo: links.http_url_to_repo,
    web_url: links.web_url,
    avatar_url: null,
    star_count: project.starCount,
    last_activity_at: isoTime(project.lastActivityAt),
    ...(ctx.principal.user ? { visibility: project.visibility } : {}),
    namespace: presentNamespace(project, ctx),
  }
}

/** GitLab sorts topic names (BasicProjectDetails#topic_names). */
function sortedTopics(project: Project): string[] {
  return [...project.topics].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}

function memberAccess(level: number) {
  return level > 0 ? { access_level: level, notification_level: GLOBAL_NOTIFICATION_LEVEL } : null
}

function enabled(project: Project, feature: string): boolean {
  return (project.accessLevels[feature] ?? 'enabled') !== 'disabled'
}

function accessLevel(project: Project, feature: string): string {
  return project.accessLevels[feature] ?? 'enabled'
}

function flag(project: Project, name: string): boolean {
  return project.flags[name] ?? false
}

/** Users a project refers to: the owner of a personal namespace. */
export function projectRelatedIds({ project }: ProjectView): number[] {
  return project.ownerId === undefined ? [] : [project.ownerId]
}

/** The caller's level in the project (admins administer every project). */
function callerLevel(project: Project, ctx: PresentContext): number {
  return ctx.principal.user?.admin ? 50 : project.callerAccessLevel
}

/**
 * API::Entities::ProjectWithAccess: every field of GitLab's Project entity,
 * settings that need :admin_project (Maintainer) only for those who have it,
 * statistics for Reporter and up when asked, license when asked.
 */
export function presentProject(view: ProjectView, ctx: PresentContext) {
  const { project } = view
  const level = callerLevel(project, ctx)
  const admin = level >= MAINTAINER
  const links = urls(project, ctx)
  const repository = project.repository
  const base = presentProjectSimple(view, ctx)
  const api = `${ctx.externalUrl}/api/v4/projects/${project.id}`
  const owner = project.ownerId === undefined ? undefined : ctx.users.get(project.ownerId)
  const createdAt = project.createdAt ?? new Date(0)
  const readmeUrl =
    repository?.readmePath && project.defaultBranch
      ? `${links.web_url}/-/blob/${project.defaultBranch}/${repository.readmePath}`
      : null
  // Repository#license_blob on the default branch: a URL even when its text is not recognised.
  const licenseUrl =
    repository?.licensePath && project.defaultBranch
      ? `${links.web_url}/-/blob/${project.defaultBranch}/${repository.licensePath}`
      : null
  const emailsEnabled = flag(project, 'emails_enabled')
  return {
    id: base.id,
    description: base.description,
    name: base.name,
    name_with_namespace: base.name_with_namespace,
    path: base.path,
    path_with_namespace: base.path_with_namespace,
    created_at: base.created_at,
    default_branch: base.default_branch,
    tag_list: base.tag_list,
    topics: base.topics,
    ssh_url_to_repo: base.ssh_url_to_repo,
    http_url_to_repo: base.http_url_to_repo,
    web_url: base.web_url,
    readme_url: readmeUrl,
    forks_count: project.forksCount,
    ...(view.license
      ? {
          license_url: licenseUrl,
          license: repository?.license ? presentLicenseBasic(repository.license) : null,
        }
      : {}),
    avatar_url: null,
    star_count: base.star_count,
    last_activity_at: base.last_activity_at,
    visibility: project.visibility,
    namespace: base.namespace,
    container_registry_image_prefix: `${host(ctx.externalUrl)}:5050/${base.path_with_namespace}`,
    _links: {
      self: api,
      issues: `${api}/issues`,
      merge_requests: `${api}/merge_requests`,
      repo_branches: `${api}/repository/branches`,
      labels: `${api}/labels`,
      events: `${api}/events`,
      members: `${api}/members`,
      cluster_agents: `${api}/cluster_agents`,
    },
    packages_enabled: flag(project, 'packages_enabled'),
    empty_repo: repository?.empty ?? true,
    archived: project.archived,
    ...(project.namespaceKind === 'user'
      ? {
          owner: owner
            ? { ...presentUserBasic(owner, ctx), created_at: isoTime(owner.createdAt) }
            : null,
        }
      : {}),
    resolve_outdated_diff_discussions: flag(project, 'resolve_outdated_diff_discussions'),
    container_expiration_policy: presentPolicy(project, createdAt),
    repository_object_format: 'sha1',
    issues_enabled: enabled(project, 'issues'),
    merge_requests_enabled: enabled(project, 'merge_requests'),
    wiki_enabled: enabled(project, 'wiki'),
    jobs_enabled: enabled(project, 'builds'),
    snippets_enabled: enabled(project, 'snippets'),
    container_registry_enabled: enabled(project, 'container_registry'),
    service_desk_enabled: flag(project, 'service_desk_enabled'),
    service_desk_address: null,
    can_create_merge_request_in: level >= 30,
    issues_access_level: accessLevel(project, 'issues'),
    repository_access_level: accessLevel(project, 'repository'),
    merge_requests_access_level: accessLevel(project, 'merge_requests'),
    forking_access_level: accessLevel(project, 'forking'),
    wiki_access_level: accessLevel(project, 'wiki'),
    builds_access_level: accessLevel(project, 'builds'),
    snippets_access_level: accessLevel(project, 'snippets'),
    pages_access_level: accessLevel(project, 'pages'),
    analytics_access_level: accessLevel(project, 'analytics'),
    container_registry_access_level: accessLevel(project, 'container_registry'),
    security_and_compliance_access_level: accessLevel(project, 'security_and_compliance'),
    releases_access_level: accessLevel(project, 'releases'),
    environments_access_level: accessLevel(project, 'environments'),
    feature_flags_access_level: accessLevel(project, 'feature_flags'),
    infrastructure_access_level: accessLevel(project, 'infrastructure'),
    monitor_access_level: accessLevel(project, 'monitor'),
    model_experiments_access_level: accessLevel(project, 'model_experiments'),
    model_registry_access_level: accessLevel(project, 'model_registry'),
    package_registry_access_level: accessLevel(project, 'package_registry'),
    emails_disabled: !emailsEnabled,
    emails_enabled: emailsEnabled,
    shared_runners_enabled: flag(project, 'shared_runners_enabled'),
    lfs_enabled: flag(project, 'lfs_enabled'),
    creator_id: project.creatorId,
    ...(admin
      ? { import_url: orNull(project.importUrl), import_type: orNull(project.importType) }
      : {}),
    import_status: project.importStatus,
    ...(admin ? { import_error: orNull(project.importError) } : {}),
    ...(enabled(project, 'issues') ? { open_issues_count: project.openIssuesCount } : {}),
    description_html: markdownHtml(project.description ?? ''),
    updated_at: isoTime(project.updatedAt),
    ...(admin
      ? {
          ci_default_git_depth: project.ciDefaultGitDepth,
          ci_delete_pipelines_in_seconds: null,
          ci_forward_deployment_enabled: flag(project, 'ci_forward_deployment_enabled'),
          ci_forward_deployment_rollback_allowed: flag(
            project,
            'ci_forward_deployment_rollback_allowed',
          ),
          ci_job_token_scope_enabled: flag(project, 'ci_job_token_scope_enabled'),
          ci_separated_caches: flag(project, 'ci_separated_caches'),
          ci_allow_fork_pipelines_to_run_in_parent_project: flag(
            project,
            'ci_allow_fork_pipelines_to_run_in_parent_project',
          ),
          ci_id_token_sub_claim_components: project.ciIdTokenSubClaimComponents,
          build_git_strategy: 'fetch',
          keep_latest_artifact: flag(project, 'keep_latest_artifact'),
          restrict_user_defined_variables: flag(project, 'restrict_user_defined_variables'),
          ci_pipeline_variables_minimum_override_role:
            project.ciPipelineVariablesMinimumOverrideRole,
          runner_token_expiration_interval: null,
          group_runners_enabled: flag(project, 'group_runners_enabled'),
          auto_cancel_pending_pipelines: project.autoCancelPendingPipelines,
          build_timeout: project.buildTimeout,
          auto_devops_enabled: flag(project, 'auto_devops_enabled'),
          auto_devops_deploy_strategy: project.autoDevopsDeployStrategy,
          ci_push_repository_for_job_token_allowed: flag(
            project,
            'ci_push_repository_for_job_token_allowed',
          ),
          ci_restrict_pipeline_cancellation_role: 'developer',
          runners_token: project.runnersToken,
        }
      : {}),
    ci_config_path: orNull(project.ciConfigPath),
    public_jobs: flag(project, 'public_jobs'),
    shared_with_groups: [],
    only_allow_merge_if_pipeline_succeeds: flag(project, 'only_allow_merge_if_pipeline_succeeds'),
    allow_merge_on_skipped_pipeline: flag(project, 'allow_merge_on_skipped_pipeline'),
    allow_pipeline_trigger_approve_deployment: flag(
      project,
      'allow_pipeline_trigger_approve_deployment',
    ),
    request_access_enabled: flag(project, 'request_access_enabled'),
    only_allow_merge_if_all_discussions_are_resolved: flag(
      project,
      'only_allow_merge_if_all_discussions_are_resolved',
    ),
    only_allow_merge_if_all_status_checks_passed: flag(
      project,
      'only_allow_merge_if_all_status_checks_passed',
    ),
    remove_source_branch_after_merge: flag(project, 'remove_source_branch_after_merge'),
    printing_merge_request_link_enabled: flag(project, 'printing_merge_request_link_enabled'),
    printing_merge_requests_link_enabled: flag(project, 'printing_merge_request_link_enabled'),
    merge_method: project.mergeMethod,
    squash_option: project.squashOption,
    enforce_auth_checks_on_uploads: flag(project, 'enforce_auth_checks_on_uploads'),
    suggestion_commit_message: orNull(project.suggestionCommitMessage),
    merge_commit_template: orNull(project.mergeCommitTemplate),
    squash_commit_template: orNull(project.squashCommitTemplate),
    issue_branch_template: orNull(project.issueBranchTemplate),
    warn_about_potentially_unwanted_characters: flag(
      project,
      'warn_about_potentially_unwanted_characters',
    ),
    autoclose_referenced_issues: flag(project, 'autoclose_referenced_issues'),
    max_artifacts_size: null,
    approvals_before_merge: project.approvalsBeforeMerge,
    mirror: flag(project, 'mirror'),
    mirror_user_id: flag(project, 'mirror') ? project.creatorId : null,
    mirror_trigger_builds: flag(project, 'mirror_trigger_builds'),
    only_mirror_protected_branches: flag(project, 'only_mirror_protected_branches'),
    mirror_overwrites_diverged_branches: flag(project, 'mirror_overwrites_diverged_branches'),
    external_authorization_classification_label: orNull(
      project.externalAuthorizationClassificationLabel,
    ),
    requirements_enabled: enabled(project, 'requirements'),
    requirements_access_level: accessLevel(project, 'requirements'),
    security_and_compliance_enabled: enabled(project, 'security_and_compliance'),
    secret_push_protection_enabled: flag(project, 'secret_push_protection_enabled'),
    compliance_frameworks: [],
    issues_template: null,
    merge_requests_template: null,
    merge_pipelines_enabled: false,
    merge_trains_enabled: false,
    merge_trains_skip_train_allowed: false,
    web_based_commit_signing_enabled: flag(project, 'web_based_commit_signing_enabled'),
    marked_for_deletion_at: null,
    marked_for_deletion_on: null,
    ...(view.statistics && (ctx.principal.user?.admin || level >= REPORTER)
      ? { statistics: presentStatistics(project) }
      : {}),
    // Only for those with :change_repository_storage (administrators).
    ...(ctx.principal.user?.admin ? { repository_storage: 'default' } : {}),
    permissions: {
      project_access: memberAccess(project.callerProjectAccessLevel),
      group_access: memberAccess(project.callerGroupAccessLevel),
    },
  }
}

/** ProjectStatistics: sizes in bytes; only the repository's are known here. */
export function presentStatistics(project: Project) {
  const repositorySize = project.repository?.sizeBytes ?? 0
  return {
    commit_count: project.repository?.commitCount ?? 0,
    storage_size: repositorySize,
    repository_size: repositorySize,
    wiki_size: 0,
    lfs_objects_size: 0,
    job_artifacts_size: 0,
    pipeline_artifacts_size: 0,
    packages_size: 0,
    snippets_size: 0,
    uploads_size: 0,
    container_registry_size: 0,
  }
}

/** ContainerExpirationPolicy; the next run is a cadence after creation. */
function presentPolicy(project: Project, createdAt: Date) {
  const policy = project.containerExpirationPolicy
  const days = /^(\d+)d$/.exec(policy?.cadence ?? '1d')?.[1] ?? '1'
  return {
    cadence: policy?.cadence ?? '1d',
    enabled: policy?.enabled ?? false,
    keep_n: orNull(policy?.keepN),
    older_than: orNull(policy?.olderThan),
    name_regex: orNull(policy?.nameRegex),
    name_regex_delete: orNull(policy?.nameRegex),
    name_regex_keep: orNull(policy?.nameRegexKeep),
    next_run_at: isoTime(new Date(createdAt.getTime() + Number(days) * 86_400_000)),
  }
}

/**
 * GitLab Flavored Markdown, as far as a description usually needs it:
 * paragraphs with their source positions, strong, emphasis and code spans.
 */
export function markdownHtml(markdown: string): string {
  const lines = markdown.split(/\r?\n/)
  const blocks: string[] = []
  let start = -1
  const flush = (end: number) => {
    if (start < 0) return
    const text = lines.slice(start, end).join('\n')
    const lastLength = lines[end - 1]?.length ?? 0
    blocks.push(
      `<p data-sourcepos="${start + 1}:1-${end}:${lastLength}" dir="auto">${inline(text)}</p>`,
    )
    start = -1
  }
  lines.forEach((line, index) => {
    if (line.trim() === '') flush(index)
    else if (start < 0) start = index
  })
  flush(lines.length)
  return blocks.join('\n')
}

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/__([^_]+)__/g, '<strong>$1</strong>')
    .replace(/\*([^*]+)\*/g, '<em>$1</em>')
    .replace(/\n/g, '<br>\n')
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}
