import type { Group, SharedWithGroup } from '@suite/proto'
import { presentGroup, type GroupJson } from './group.entity.js'
import type { PresentContext } from './present-context.js'
import { presentProject } from './project.entity.js'
import type { ProjectView } from './project-view.js'

/** A group as GroupDetail shows it: the groups it is shared with and, when asked, its projects. */
export interface GroupDetailView {
  group: Group
  /** The links the caller may see (shared_with_group_links_visible_to_user). */
  sharedWithGroups: readonly SharedWithGroup[]
  /** with_projects: the group's own projects the caller may read; absent, projects and shared_projects are left out. */
  projects: readonly ProjectView[] | undefined
}

/** API::Entities::SharedGroupWithGroup */
export interface SharedWithGroupJson {
  group_id: number
  group_name: string
  group_full_path: string
  group_access_level: number
  expires_at: string | null
}

/** API::Entities::GroupDetail: GET /groups/:id. */
export interface GroupDetailJson extends GroupJson {
  shared_with_groups: SharedWithGroupJson[]
  prevent_sharing_groups_outside_hierarchy?: boolean
  projects?: unknown[]
  shared_projects?: unknown[]
}

export function presentSharedWithGroup(link: SharedWithGroup): SharedWithGroupJson {
  return {
    group_id: link.groupId,
    group_name: link.groupName,
    group_full_path: link.groupFullPath,
    group_access_level: link.groupAccessLevel,
    expires_at: link.expiresAt ?? null,
  }
}

export function presentGroupDetail(view: GroupDetailView, ctx: PresentContext): GroupDetailJson {
  const { group } = view
  const root = group.parentId === undefined
  return {
    ...presentGroup(group, ctx),
    shared_with_groups: view.sharedWithGroups.map(presentSharedWithGroup),
    // GitLab shows this setting on top-level groups only.
    ...(root ? { prevent_sharing_groups_outside_hierarchy: false } : {}),
    ...(view.projects
      ? {
          projects: view.projects.map((project) => presentProject(project, ctx)),
          // Projects shared with a group (project_group_links) are not served: none are.
          shared_projects: [],
        }
      : {}),
  }
}
