import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('encrypted_password', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('admin', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('external', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('bot', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('can_create_group', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('projects_limit', 'integer', (col) => col.notNull().defaultTo(100000))
    .addColumn('private_profile', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('locked_at', 'timestamptz')
    .addColumn('bio', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('location', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('public_email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('website_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('organization', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('job_title', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('pronouns', 'text')
    .addColumn('skype', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('linkedin', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('twitter', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('discord', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('commit_email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('theme_id', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('color_scheme_id', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_by_id', 'bigint')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('last_sign_in_at', 'timestamptz')
    .addColumn('current_sign_in_at', 'timestamptz')
    .addColumn('last_activity_on', 'date')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  // Usernames and emails are unique whatever their case, as in GitLab.
  await sql`create unique index users_username_lower_key on users (lower(username))`.execute(db)
  await sql`create unique index users_email_lower_key on users (lower(email))`.execute(db)
  await sql`create index users_lower_name_idx on users (lower(name))`.execute(db)
  await db.schema.createIndex('users_state_idx').on('users').column('state').execute()
  await sql`create index users_admins_idx on users (id) where admin`.execute(db)
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('users').execute()
}
