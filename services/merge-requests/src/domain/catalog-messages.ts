import type { Label, Milestone } from '@suite/proto'
import type { LabelRecord } from '../store/labels.store.js'
import type { MilestoneRecord } from '../store/milestones.store.js'
import { labelTextColor } from './label-color.js'

/** A label row as the Label message. */
export function labelMessage(row: LabelRecord): Label {
  return {
    id: row.id,
    name: row.title,
    color: row.color,
    description: row.description,
    textColor: labelTextColor(row.color),
    projectId: row.project_id,
  }
}

/** Today in UTC as YYYY-MM-DD. */
function today(now: Date): string {
  return now.toISOString().slice(0, 10)
}

/** A milestone row as the Milestone message; expired once its due date has passed. */
export function milestoneMessage(row: MilestoneRecord, now = new Date()): Milestone {
  return {
    id: row.id,
    iid: row.iid,
    projectId: row.project_id,
    title: row.title,
    description: row.description,
    state: row.state,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    dueDate: row.due_date ?? undefined,
    startDate: row.start_date ?? undefined,
    expired: row.due_date !== null && row.due_date < today(now),
  }
}

/** Labels in GitLab's order: by title (byte order, as Ruby sorts strings). */
export function sortLabels(rows: readonly LabelRecord[]): LabelRecord[] {
  return [...rows].sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id))
}
