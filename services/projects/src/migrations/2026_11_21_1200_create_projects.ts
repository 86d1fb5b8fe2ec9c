import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

// Frozen copies: this migration must not change when the domain's lists do.
const FEATURES = [
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
]

const FLAGS: Record<string, boolean> = {
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
}

const ACCESS = sql`in ('disabled', 'private', 'enabled', 'public')`

export async function up(db: AnyDB): Promise<void> {
  let projects = db.schema
    .createTable('projects')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('namespace_id', 'bigint', (col) => col.notNull())
    // Copied from identity when the project is created: the namespace's route and kind.
    .addColumn('namespace_full_path', 'text', (col) => col.notNull())
    .addColumn('namespace_full_name', 'text', (col) => col.notNull())
    .addColumn('namespace_kind', 'text', (col) =>
      col.notNull().check(sql`namespace_kind in ('user', 'group')`),
    )
    .addColumn('namespace_parent_id', 'bigint')
    .addColumn('namespace_traversal_ids', sql`bigint[]`, (col) => col.notNull())
    .addColumn('owner_id', 'bigint')
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('full_path', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('visibility_level', 'integer', (col) =>
      col.notNull().check(sql`visibility_level in (0, 10, 20)`),
    )
    .addColumn('creator_id', 'bigint', (col) => col.notNull())
    .addColumn('default_branch', 'text')
    .addColumn('archived', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('import_url', 'text')
    .addColumn('import_type', 'text')
    .addColumn('import_status', 'text', (col) => col.notNull().defaultTo('none'))
    .addColumn('import_error', 'text')
    .addColumn('star_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('merge_method', 'text', (col) => col.notNull().defaultTo('merge'))
    .addColumn('squash_option', 'text', (col) => col.notNull().defaultTo('default_off'))
    .addColumn('ci_config_path', 'text')
    .addColumn('build_timeout', 'integer', (col) => col.notNull().defaultTo(3600))
    .addColumn('ci_default_git_depth', 'integer', (col) => col.notNull().defaultTo(20))
    .addColumn('suggestion_commit_message', 'text')
    .addColumn('merge_commit_template', 'text')
    .addColumn('squash_commit_template', 'text')
    .addColumn('issue_branch_template', 'text')
    .addColumn('auto_cancel_pending_pipelines', 'text', (col) => col.notNull().defaultTo('enabled'))
    .addColumn('auto_devops_deploy_strategy', 'text', (col) =>
      col.notNull().defaultTo('continuous'),
    )
    .addColumn('approvals_before_merge', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('external_authorization_classification_label', 'text')
    .addColumn('runners_token', 'text', (col) => col.notNull())
    .addColumn('ci_pipeline_variables_minimum_override_role', 'text', (col) =>
      col.notNull().defaultTo('developer'),
    )
    .addColumn('ci_id_token_sub_claim_components', sql`text[]`, (col) =>
      col.notNull().defaultTo(sql`'{project_path,ref_type}'`),
    )
    .addColumn('cep_cadence', 'text', (col) => col.notNull().defaultTo('1d'))
    .addColumn('cep_enabled', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('cep_keep_n', 'integer', (col) => col.defaultTo(10))
    .addColumn('cep_older_than', 'text', (col) => col.defaultTo('90d'))
    .addColumn('cep_name_regex', 'text', (col) => col.defaultTo('.*'))
    .addColumn('cep_name_regex_keep', 'text')
    .addColumn('last_activity_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
  for (const feature of FEATURES) {
    const column = `${feature}_access_level`
    projects = projects.addColumn(column, 'text', (col) =>
      col
        .notNull()
        .defaultTo('enabled')
        .check(sql`${sql.ref(column)} ${ACCESS}`),
    )
  }
  for (const [flag, value] of Object.entries(FLAGS)) {
    projects = projects.addColumn(flag, 'boolean', (col) => col.notNull().defaultTo(value))
  }
  await projects.execute()

  // A path is unique in its namespace whatever its case; full paths route GET /projects/:id.
  await sql`create unique index projects_namespace_path_key on projects (namespace_id, lower(path))`.execute(
    db,
  )
  await sql`create unique index projects_full_path_key on projects (lower(full_path))`.execute(db)
  await sql`create index projects_traversal_ids_idx on projects using gin (namespace_traversal_ids)`.execute(
    db,
  )
  for (const column of [
    'namespace_id',
    'owner_id',
    'creator_id',
    'visibility_level',
    'created_at',
    'updated_at',
    'last_activity_at',
    'name',
    'path',
    'star_count',
    'archived',
  ]) {
    await db.schema.createIndex(`projects_${column}_idx`).on('projects').column(column).execute()
  }

  await db.schema
    .createTable('topics')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index topics_name_key on topics (lower(name))`.execute(db)

  await db.schema
    .createTable('project_topics')
    .addColumn('project_id', 'bigint', (col) =>
      col.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('topic_id', 'bigint', (col) =>
      col.notNull().references('topics.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('project_topics_pkey', ['project_id', 'topic_id'])
    .execute()
  await db.schema
    .createIndex('project_topics_topic_id_idx')
    .on('project_topics')
    .column('topic_id')
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('project_topics').execute()
  await db.schema.dropTable('topics').execute()
  await db.schema.dropTable('projects').execute()
}
