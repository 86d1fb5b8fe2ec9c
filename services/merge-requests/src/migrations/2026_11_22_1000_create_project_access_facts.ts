import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * A read model of each project's access facts, as the projects service
 * publishes them (gitlab.projects.v1.ProjectAccessFacts): lists that span
 * projects (the instance and group merge request lists) filter by it in SQL.
 * Who holds read_merge_request is stored as its requirement's columns; a
 * member_min_level of 0 means membership adds nothing. The GIN index serves
 * the group list's `group_ids @> {group}`.
 */
export async function up(db: AnyDB): Promise<void> {
  await sql`
    CREATE TABLE project_access_facts (
      project_id bigint PRIMARY KEY,
      group_ids bigint[] NOT NULL DEFAULT '{}',
      owner_user_id bigint,
      archived boolean NOT NULL DEFAULT false,
      read_merge_request_admin boolean NOT NULL DEFAULT false,
      read_merge_request_anonymous boolean NOT NULL DEFAULT false,
      read_merge_request_signed_in boolean NOT NULL DEFAULT false,
      read_merge_request_member_min_level integer NOT NULL DEFAULT 0,
      version bigint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db)
  await sql`
    CREATE INDEX project_access_facts_group_ids ON project_access_facts USING gin (group_ids)
  `.execute(db)
}

export async function down(db: AnyDB): Promise<void> {
  await sql`DROP TABLE project_access_facts`.execute(db)
}
