import { sql, type Kysely, type Selectable } from 'kysely'
import { toDiffVersion } from './diff-rows.js'
import { toLabel } from './labels.store.js'
import { toMilestone } from './milestones.store.js'
import type { Database, LabelsTable, MergeRequestDiffsTable, MilestonesTable } from './schema.js'
import type { Presentation, PresentationPort } from '../domain/ports.js'

/** A row as json_agg/row_to_json give it: timestamps are ISO strings. */
type JsonRow<T> = Omit<T, 'created_at' | 'updated_at'> & { created_at: string; updated_at?: string }

interface PresentationRow {
  id: number
  labels: JsonRow<Selectable<LabelsTable>>[]
  assignee_ids: number[]
  reviewer_ids: number[]
  milestone: JsonRow<Selectable<MilestonesTable>> | null
  diff: JsonRow<Selectable<MergeRequestDiffsTable>> | null
  blocked: boolean
  unresolved_notes: boolean
  approvals: number
}

function withDates<T>(row: JsonRow<T>): T {
  return {
    ...row,
    created_at: new Date(row.created_at),
    ...(row.updated_at === undefined ? {} : { updated_at: new Date(row.updated_at) }),
  } as T
}

/**
 * Everything presented with merge requests, in one statement per page:
 * labels, assignees, reviewers, milestone, latest diff version, whether an
 * open request blocks each, and approval counts (instead of one query per kind).
 */
export class PresentationStore implements PresentationPort {
  constructor(private readonly db: Kysely<Database>) {}

  async loadFor(ids: readonly number[]): Promise<Map<number, Presentation>> {
    if (ids.length === 0) return new Map()
    const { rows } = await sql<PresentationRow>`
      SELECT m.id,
        coalesce((SELECT json_agg(l.* ORDER BY lower(l.title), l.id)
                    FROM merge_request_labels ml JOIN labels l ON l.id = ml.label_id
                   WHERE ml.merge_request_id = m.id), '[]') AS labels,
        array(SELECT a.user_id FROM merge_request_assignees a
               WHERE a.merge_request_id = m.id ORDER BY a.position, a.user_id) AS assignee_ids,
        array(SELECT r.user_id FROM merge_request_reviewers r
               WHERE r.merge_request_id = m.id ORDER BY r.position, r.user_id) AS reviewer_ids,
        (SELECT row_to_json(ms.*) FROM milestones ms WHERE ms.id = m.milestone_id) AS milestone,
        (SELECT row_to_json(d.*) FROM merge_request_diffs d WHERE d.id = m.latest_diff_id) AS diff,
        EXISTS (SELECT 1 FROM merge_request_blocks b
                  JOIN merge_requests blocking ON blocking.id = b.blocking_merge_request_id
                 WHERE b.blocked_merge_request_id = m.id AND blocking.state = 'opened') AS blocked,
        EXISTS (SELECT 1 FROM notes n
                 WHERE n.merge_request_id = m.id AND n.resolvable
                   AND n.resolved_at IS NULL) AS unresolved_notes,
        (SELECT count(*) FROM approvals ap WHERE ap.merge_request_id = m.id)::int AS approvals
      FROM merge_requests m
      WHERE m.id = ANY(${[...ids]}::bigint[])`.execute(this.db)
    return new Map(
      rows.map((row) => [
        Number(row.id),
        {
          labels: row.labels.map((label) => toLabel(withDates(label))),
          assigneeIds: row.assignee_ids.map(Number),
          reviewerIds: row.reviewer_ids.map(Number),
          milestone: row.milestone ? toMilestone(withDates(row.milestone)) : undefined,
          diff: row.diff ? toDiffVersion(withDates(row.diff)) : undefined,
          blocked: row.blocked,
          unresolvedNotes: row.unresolved_notes,
          approvals: row.approvals,
        },
      ]),
    )
  }
}
