import type { Group } from '@suite/proto'
import { presentGroup, type GroupJson } from './group.entity.js'
import type { PresentContext } from './present-context.js'

/** API::Entities::GroupDetail: GET /groups/:id. */
export interface GroupDetailJson extends GroupJson {
  shared_with_groups: unknown[]
  prevent_sharing_groups_outside_hierarchy?: boolean
  projects: unknown[]
  shared_projects: unknown[]
}

export function presentGroupDetail(group: Group, ctx: PresentContext): GroupDetailJson {
  const root = group.parentId === undefined
  return {
    ...presentGroup(group, ctx),
    // Group sharing and projects are not served yet: GitLab's empty answers.
    shared_with_groups: [],
    // GitLab shows this setting on top-level groups only.
    ...(root ? { prevent_sharing_groups_outside_hierarchy: false } : {}),
    projects: [],
    shared_projects: [],
  }
}
