import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * CI/CD variables of projects, groups and the instance (GitLab's
 * ci_variables, ci_group_variables and ci_instance_variables in one table:
 * a project's row has project_id, a group's group_id, the instance's
 * neither). The value is kept only sealed (AES-256-GCM, see SecretBox), as
 * GitLab keeps it encrypted. A key is unique per owner and environment scope.
 * No change-event trigger: no gateway cache shows variables.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('ci_variables')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('project_id', 'bigint')
    .addColumn('group_id', 'bigint')
    .addColumn('key', 'varchar(255)', (col) => col.notNull())
    .addColumn('value_encrypted', 'text', (col) => col.notNull())
    .addColumn('variable_type', 'text', (col) => col.notNull().defaultTo('env_var'))
    .addColumn('protected', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('masked', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('hidden', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('raw', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('environment_scope', 'varchar(255)', (col) => col.notNull().defaultTo('*'))
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ci_variables_one_owner', sql`num_nonnulls(project_id, group_id) <= 1`)
    .addCheckConstraint('ci_variables_type', sql`variable_type in ('env_var', 'file')`)
    .execute()
  // The uniqueness GitLab validates (key per owner and scope), kept by the database under
  // races; every lookup names its owner by the same two expressions, so this index serves it.
  await sql`create unique index ci_variables_owner_key_scope_idx on ci_variables
    (coalesce(project_id, 0), coalesce(group_id, 0), key, environment_scope)`.execute(db)
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('ci_variables').execute()
}
