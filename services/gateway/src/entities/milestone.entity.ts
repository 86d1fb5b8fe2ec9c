import type { Milestone } from '@suite/proto'
import { isoTime, orNull } from './present-context.js'

/** API::Entities::Milestone of a project milestone. */
export interface MilestoneJson {
  id: number
  iid: number
  project_id: number
  title: string
  description: string | null
  state: string
  created_at: string | null
  updated_at: string | null
  due_date: string | null
  start_date: string | null
  expired: boolean
  web_url: string
}

/** `projectWebUrl` is the milestone's project's web URL. */
export function presentMilestone(milestone: Milestone, projectWebUrl: string): MilestoneJson {
  return {
    id: milestone.id,
    iid: milestone.iid,
    project_id: milestone.projectId,
    title: milestone.title,
    description: milestone.description === '' ? null : milestone.description,
    state: milestone.state,
    created_at: isoTime(milestone.createdAt),
    updated_at: isoTime(milestone.updatedAt),
    due_date: orNull(milestone.dueDate),
    start_date: orNull(milestone.startDate),
    expired: milestone.expired,
    web_url: `${projectWebUrl}/-/milestones/${milestone.iid}`,
  }
}
