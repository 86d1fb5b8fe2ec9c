import type { Label } from './label.js'
import { labelTextColor } from './label-color.js'
import type { Milestone } from './milestone.js'
import type { LabelView, MilestoneView } from './merge-request-view.js'

/** A label with the text color it is shown in. */
export function labelView(label: Label): LabelView {
  return { ...label, textColor: labelTextColor(label.color) }
}

/** Today in UTC as YYYY-MM-DD. */
function today(now: Date): string {
  return now.toISOString().slice(0, 10)
}

/** A milestone, expired once its due date has passed. */
export function milestoneView(milestone: Milestone, now = new Date()): MilestoneView {
  return {
    ...milestone,
    expired: milestone.dueDate !== null && milestone.dueDate < today(now),
  }
}

/** Labels in GitLab's order: by title (byte order, as Ruby sorts strings). */
export function sortLabels(labels: readonly Label[]): Label[] {
  return [...labels].sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id))
}
