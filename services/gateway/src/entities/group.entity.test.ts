import { contextFixture, groupFixture } from '../testing/fixtures.js'
import { presentGroupDetail } from './group-detail.entity.js'
import { presentGroup } from './group.entity.js'

const golden = {
  id: 10,
  web_url: 'https://gitlab.example.com/groups/parent',
  name: 'Parent',
  path: 'parent',
  description: '',
  visibility: 'private',
  share_with_group_lock: false,
  require_two_factor_authentication: false,
  two_factor_grace_period: 48,
  project_creation_level: 'developer',
  auto_devops_enabled: null,
  subgroup_creation_level: 'maintainer',
  emails_disabled: false,
  emails_enabled: true,
  mentions_disabled: false,
  lfs_enabled: true,
  math_rendering_limits_enabled: true,
  lock_math_rendering_limits_enabled: false,
  default_branch: null,
  default_branch_protection: 2,
  default_branch_protection_defaults: {
    allowed_to_push: [{ access_level: 40 }],
    allowed_to_merge: [{ access_level: 40 }],
    allow_force_push: false,
    developer_can_initial_push: false,
  },
  avatar_url: null,
  request_access_enabled: true,
  full_name: 'Parent',
  full_path: 'parent',
  created_at: '2026-11-21T10:56:24.123Z',
  parent_id: null,
  organization_id: 1,
  shared_runners_setting: 'enabled',
  max_artifacts_size: null,
}

describe('presentGroup', () => {
  it('renders GitLab Group', () => {
    expect(presentGroup(groupFixture(), contextFixture())).toEqual(golden)
  })
})

describe('presentGroupDetail', () => {
  it('renders GitLab GroupDetail for a top-level group', () => {
    const view = {
      group: groupFixture(),
      sharedWithGroups: [
        {
          groupId: 12,
          groupName: 'Invited',
          groupFullPath: 'invited',
          groupAccessLevel: 30,
          expiresAt: undefined,
        },
      ],
      projects: [],
    }
    expect(presentGroupDetail(view, contextFixture())).toEqual({
      ...golden,
      shared_with_groups: [
        {
          group_id: 12,
          group_name: 'Invited',
          group_full_path: 'invited',
          group_access_level: 30,
          expires_at: null,
        },
      ],
      prevent_sharing_groups_outside_hierarchy: false,
      projects: [],
      shared_projects: [],
    })
  })

  it('leaves prevent_sharing_groups_outside_hierarchy out below the top level', () => {
    const child = groupFixture({ id: 11, parentId: 10, fullPath: 'parent/child' })
    const json = presentGroupDetail(
      { group: child, sharedWithGroups: [], projects: undefined },
      contextFixture(),
    )
    expect(json).not.toHaveProperty('prevent_sharing_groups_outside_hierarchy')
    // with_projects=false: GitLab leaves projects and shared_projects out.
    expect(json).not.toHaveProperty('projects')
    expect(json).not.toHaveProperty('shared_projects')
    expect(json).toMatchObject({
      parent_id: 10,
      web_url: 'https://gitlab.example.com/groups/parent/child',
    })
  })
})
