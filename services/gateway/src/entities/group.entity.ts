import type { Group } from '@suite/proto'
import {
  branchProtectionDefaults,
  type BranchProtectionDefaultsJson,
} from './branch-protection-defaults.js'
import { isoTime, orNull, type PresentContext } from './present-context.js'

/** API::Entities::Group (BasicGroupDetails + settings). */
export interface GroupJson {
  id: number
  web_url: string
  name: string
  path: string
  description: string
  visibility: string
  share_with_group_lock: boolean
  require_two_factor_authentication: boolean
  two_factor_grace_period: number
  project_creation_level: string
  auto_devops_enabled: boolean | null
  subgroup_creation_level: string
  emails_disabled: boolean
  emails_enabled: boolean
  mentions_disabled: boolean
  lfs_enabled: boolean
  math_rendering_limits_enabled: boolean
  lock_math_rendering_limits_enabled: boolean
  default_branch: string | null
  default_branch_protection: number
  default_branch_protection_defaults: BranchProtectionDefaultsJson
  avatar_url: string | null
  request_access_enabled: boolean
  full_name: string
  full_path: string
  created_at: string | null
  parent_id: number | null
  organization_id: number
  shared_runners_setting: string
  max_artifacts_size: number | null
}

/** GitLab's default organization; this suite has no others. */
const DEFAULT_ORGANIZATION_ID = 1

export function groupWebUrl(group: Group, ctx: PresentContext): string {
  return `${ctx.externalUrl}/groups/${group.fullPath}`
}

export function presentGroup(group: Group, ctx: PresentContext): GroupJson {
  return {
    id: group.id,
    web_url: groupWebUrl(group, ctx),
    name: group.name,
    path: group.path,
    description: group.description,
    visibility: group.visibility,
    share_with_group_lock: group.shareWithGroupLock,
    require_two_factor_authentication: group.requireTwoFactorAuthentication,
    two_factor_grace_period: group.twoFactorGracePeriod,
    project_creation_level: group.projectCreationLevel,
    auto_devops_enabled: orNull(group.autoDevopsEnabled),
    subgroup_creation_level: group.subgroupCreationLevel,
    emails_disabled: !group.emailsEnabled,
    emails_enabled: group.emailsEnabled,
    mentions_disabled: group.mentionsDisabled,
    lfs_enabled: group.lfsEnabled,
    math_rendering_limits_enabled: true,
    lock_math_rendering_limits_enabled: false,
    default_branch: orNull(group.defaultBranch),
    default_branch_protection: group.defaultBranchProtection,
    default_branch_protection_defaults: branchProtectionDefaults(group.defaultBranchProtection),
    avatar_url: null,
    request_access_enabled: group.requestAccessEnabled,
    full_name: group.fullName,
    full_path: group.fullPath,
    created_at: isoTime(group.createdAt),
    parent_id: orNull(group.parentId),
    organization_id: DEFAULT_ORGANIZATION_ID,
    shared_runners_setting: 'enabled',
    max_artifacts_size: null,
  }
}
