/** A project milestone (GitLab's milestones row). */
export interface Milestone {
  id: number
  /** Per project, from 1. */
  iid: number
  projectId: number
  title: string
  description: string
  /** active, closed */
  state: string
  /** YYYY-MM-DD */
  dueDate: string | null
  /** YYYY-MM-DD */
  startDate: string | null
  createdAt: Date
  updatedAt: Date
}

/** A milestone to store; the store allocates its id and per-project iid. */
export interface NewMilestone {
  projectId: number
  title: string
  description: string
  dueDate: string | null
  startDate: string | null
}

/** The filters and page of a project's milestone list; absent ones do not filter. */
export interface MilestoneListQuery {
  projectId: number
  iids: readonly number[]
  state?: string | undefined
  title?: string | undefined
  search?: string | undefined
  limit: number
  offset: number
}
