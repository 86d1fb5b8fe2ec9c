import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

// Frozen copy: GitLab's defaults for the boolean settings this migration adds.
const FLAGS: Record<string, boolean> = {
  merge_pipelines_enabled: false,
  merge_trains_enabled: false,
  merge_trains_skip_train_allowed: false,
  show_default_award_emojis: true,
  prevent_merge_without_tracker_issue: false,
  spp_repository_pipeline_access: false,
  auto_svc_code_review_enabled: false,
  svc_remote_flows_enabled: true,
}

export async function up(db: AnyDB): Promise<void> {
  let projects = db.schema
    .alterTable('projects')
    .addColumn('build_git_strategy', 'text', (col) =>
      col
        .notNull()
        .defaultTo('fetch')
        .check(sql`build_git_strategy in ('fetch', 'clone')`),
    )
    .addColumn('max_artifacts_size', 'integer')
    .addColumn('ci_delete_pipelines_in_seconds', 'integer')
    .addColumn('mirror_user_id', 'bigint')
    .addColumn('repository_storage', 'text', (col) => col.notNull().defaultTo('default'))
  for (const [flag, value] of Object.entries(FLAGS)) {
    projects = projects.addColumn(flag, 'boolean', (col) => col.notNull().defaultTo(value))
  }
  await projects.execute()
}

export async function down(db: AnyDB): Promise<void> {
  let projects = db.schema
    .alterTable('projects')
    .dropColumn('build_git_strategy')
    .dropColumn('max_artifacts_size')
    .dropColumn('ci_delete_pipelines_in_seconds')
    .dropColumn('mirror_user_id')
    .dropColumn('repository_storage')
  for (const flag of Object.keys(FLAGS)) projects = projects.dropColumn(flag)
  await projects.execute()
}
