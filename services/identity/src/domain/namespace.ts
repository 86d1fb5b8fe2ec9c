import type { VisibilityLevel } from '@suite/runtime'

/** A personal namespace ('user') or a group ('group'). */
export interface Namespace {
  id: number
  kind: 'user' | 'group'
  name: string
  path: string
  fullPath: string
  fullName: string
  parentId: number | null
  ownerId: number | null
  visibilityLevel: VisibilityLevel
  /** Ancestors from the root down to this namespace, itself included. */
  traversalIds: number[]
  description: string
  createdAt: Date
  settings: GroupSettings
}

export type Group = Namespace & { kind: 'group' }

/** The group settings GitLab exposes on its Group entity. */
export interface GroupSettings {
  shareWithGroupLock: boolean
  requireTwoFactorAuthentication: boolean
  twoFactorGracePeriod: number
  /** noone, maintainer, developer, administrator, owner */
  projectCreationLevel: string
  /** owner, maintainer */
  subgroupCreationLevel: string
  lfsEnabled: boolean
  requestAccessEnabled: boolean
  emailsEnabled: boolean
  mentionsDisabled: boolean
  defaultBranch: string | null
  defaultBranchProtection: number
  autoDevopsEnabled: boolean | null
}

/** GitLab's defaults for a new group. */
export const DEFAULT_GROUP_SETTINGS: Readonly<GroupSettings> = Object.freeze({
  shareWithGroupLock: false,
  requireTwoFactorAuthentication: false,
  twoFactorGracePeriod: 48,
  projectCreationLevel: 'developer',
  subgroupCreationLevel: 'maintainer',
  lfsEnabled: true,
  requestAccessEnabled: true,
  emailsEnabled: true,
  mentionsDisabled: false,
  defaultBranch: null,
  defaultBranchProtection: 2,
  autoDevopsEnabled: null,
})

export const PROJECT_CREATION_LEVELS: readonly string[] = [
  'noone',
  'maintainer',
  'developer',
  'administrator',
  'owner',
]

export const SUBGROUP_CREATION_LEVELS: readonly string[] = ['owner', 'maintainer']

export function isGroup(namespace: Namespace): namespace is Group {
  return namespace.kind === 'group'
}

/** Names a namespace by id or by full path (case-insensitive). */
export type NamespaceRef = { id: number } | { fullPath: string }
