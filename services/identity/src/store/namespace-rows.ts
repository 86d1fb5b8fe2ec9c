import type { Insertable, Selectable } from 'kysely'
import type { Namespace } from '../domain/namespace.js'
import type { NamespacesTable } from './schema.js'
import { toIds } from './sql-helpers.js'

export type NamespaceRow = Selectable<NamespacesTable>

export function toNamespace(row: NamespaceRow): Namespace {
  return {
    id: row.id,
    kind: row.type === 'Group' ? 'group' : 'user',
    name: row.name,
    path: row.path,
    fullPath: row.full_path,
    fullName: row.full_name,
    parentId: row.parent_id,
    ownerId: row.owner_id,
    visibilityLevel: row.visibility_level,
    traversalIds: toIds(row.traversal_ids),
    description: row.description,
    createdAt: row.created_at,
    settings: {
      shareWithGroupLock: row.share_with_group_lock,
      requireTwoFactorAuthentication: row.require_two_factor_authentication,
      twoFactorGracePeriod: row.two_factor_grace_period,
      projectCreationLevel: row.project_creation_level,
      subgroupCreationLevel: row.subgroup_creation_level,
      lfsEnabled: row.lfs_enabled,
      requestAccessEnabled: row.request_access_enabled,
      emailsEnabled: row.emails_enabled,
      mentionsDisabled: row.mentions_disabled,
      defaultBranch: row.default_branch,
      defaultBranchProtection: row.default_branch_protection,
      autoDevopsEnabled: row.auto_devops_enabled,
    },
  }
}

export function toNamespaceColumns(namespace: Namespace): Insertable<NamespacesTable> {
  const { settings } = namespace
  return {
    id: namespace.id,
    type: namespace.kind === 'group' ? 'Group' : 'User',
    name: namespace.name,
    path: namespace.path,
    full_path: namespace.fullPath,
    full_name: namespace.fullName,
    owner_id: namespace.ownerId,
    parent_id: namespace.parentId,
    traversal_ids: namespace.traversalIds,
    visibility_level: namespace.visibilityLevel,
    description: namespace.description,
    share_with_group_lock: settings.shareWithGroupLock,
    require_two_factor_authentication: settings.requireTwoFactorAuthentication,
    two_factor_grace_period: settings.twoFactorGracePeriod,
    project_creation_level: settings.projectCreationLevel,
    subgroup_creation_level: settings.subgroupCreationLevel,
    lfs_enabled: settings.lfsEnabled,
    request_access_enabled: settings.requestAccessEnabled,
    emails_enabled: settings.emailsEnabled,
    mentions_disabled: settings.mentionsDisabled,
    default_branch: settings.defaultBranch,
    default_branch_protection: settings.defaultBranchProtection,
    auto_devops_enabled: settings.autoDevopsEnabled,
    created_at: namespace.createdAt,
  }
}
