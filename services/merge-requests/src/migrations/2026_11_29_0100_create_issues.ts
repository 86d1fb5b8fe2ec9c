import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * GitLab's issues with their assignees and labels. An issue's iid counts per
 * project on its own (GitLab's InternalId usage :issues, apart from merge
 * requests'), so issue #1 and merge request !1 live side by side.
 */
export async function up(db: AnyDB): Promise<void> {
  await sql`
    CREATE TABLE issues (
      id bigserial PRIMARY KEY,
      project_id bigint NOT NULL,
      iid integer NOT NULL,
      author_id bigint NOT NULL,
      title text NOT NULL,
      description text,
      state text NOT NULL DEFAULT 'opened' CHECK (state IN ('opened', 'closed')),
      confidential boolean NOT NULL DEFAULT false,
      discussion_locked boolean,
      due_date date,
      milestone_id bigint REFERENCES milestones (id) ON DELETE SET NULL,
      closed_at timestamptz,
      closed_by_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (project_id, iid)
    )
  `.execute(db)
  await sql`CREATE INDEX issues_project_state ON issues (project_id, state, created_at DESC, id DESC)`.execute(
    db,
  )
  await sql`CREATE INDEX issues_author ON issues (author_id, project_id)`.execute(db)
  await sql`
    CREATE TABLE issue_assignees (
      issue_id bigint NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
      user_id bigint NOT NULL,
      position integer NOT NULL DEFAULT 0,
      PRIMARY KEY (issue_id, user_id)
    )
  `.execute(db)
  await sql`CREATE INDEX issue_assignees_user ON issue_assignees (user_id, issue_id)`.execute(db)
  await sql`
    CREATE TABLE issue_labels (
      issue_id bigint NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
      label_id bigint NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
      PRIMARY KEY (issue_id, label_id)
    )
  `.execute(db)
  await sql`CREATE INDEX issue_labels_label ON issue_labels (label_id, issue_id)`.execute(db)
}

export async function down(db: AnyDB): Promise<void> {
  await sql`DROP TABLE issue_labels`.execute(db)
  await sql`DROP TABLE issue_assignees`.execute(db)
  await sql`DROP TABLE issues`.execute(db)
}
