import type { AccessLevel, MemberPermission } from '@suite/proto'
import type { FeatureLevels, Flags, ScalarSettings } from './project-settings.js'
import type { ObjectFormat } from './initial-content.js'
import { type VisibilityName } from '@suite/runtime'

/** The namespace a project lives in, as identity described it at creation. */
export interface ProjectNamespace {
  id: number
  fullPath: string
  fullName: string
  kind: 'user' | 'group'
  parentId: number | null
  /** The namespace and the groups above it, root first; empty for a user namespace. */
  traversalIds: number[]
  /** The owner of a personal namespace. */
  ownerId: number | null
}

export interface Project {
  id: number
  namespace: ProjectNamespace
  name: string
  path: string
  fullPath: string
  description: string | null
  visibility: VisibilityName
  creatorId: number
  defaultBranch: string | null
  archived: boolean
  importUrl: string | null
  importType: string | null
  importStatus: string
  importError: string | null
  starCount: number
  /** The upstream this project was forked from, null for none. */
  forkedFromProjectId: number | null
  /** Its direct forks (kept by the fork inserts, never written by an edit). */
  forksCount: number
  topics: string[]
  features: FeatureLevels
  flags: Flags
  settings: ScalarSettings
  /** The CI runners registration token (a secret). */
  runnersToken: string
  /** The uploaded avatar's file name, null without one. */
  avatarFilename: string | null
  /** sha1 or sha256, chosen at creation. */
  repositoryObjectFormat: ObjectFormat
  lastActivityAt: Date
  createdAt: Date
  updatedAt: Date
  /** Grows with every change of the project (ProjectAccessFacts.version). */
  version: number
}

/** One membership as it counts for access: its base level and its custom role's permissions. */
export interface Grant {
  level: AccessLevel
  permissions: readonly MemberPermission[]
}

/** What the caller holds in a project. */
export interface ProjectAccess {
  /** Max of the two below; Owner for an administrator. */
  level: number
  /** The direct project membership (Owner for a personal namespace's owner). */
  projectLevel: number
  /** The highest membership in the groups above the project. */
  groupLevel: number
  /** Every membership that counts in the project, with its custom permissions. */
  grants: readonly Grant[]
}

/** A project as create builds it, before the database gives it an id, times and a version. */
export type NewProject = Omit<
  Project,
  'id' | 'topics' | 'createdAt' | 'updatedAt' | 'lastActivityAt' | 'version' | 'forksCount'
>

/** A project's new state as edit builds it. */
export type ChangedProject = Omit<
  Project,
  'topics' | 'createdAt' | 'updatedAt' | 'lastActivityAt' | 'version' | 'forksCount'
>
