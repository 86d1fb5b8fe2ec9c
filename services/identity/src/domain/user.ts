import type { AvatarUpload } from '@suite/runtime'

/** An account (GitLab's User with its details). */
export interface User {
  id: number
  username: string
  name: string
  email: string
  /** active, blocked, ldap_blocked, banned, blocked_pending_approval, deactivated */
  state: string
  locked: boolean
  admin: boolean
  external: boolean
  bot: boolean
  canCreateGroup: boolean
  projectsLimit: number
  privateProfile: boolean
  bio: string
  location: string
  publicEmail: string
  websiteUrl: string
  organization: string
  jobTitle: string
  pronouns: string | null
  skype: string
  linkedin: string
  twitter: string
  discord: string
  note: string
  commitEmail: string
  themeId: number
  colorSchemeId: number
  createdById: number | null
  confirmedAt: Date | null
  lastSignInAt: Date | null
  currentSignInAt: Date | null
  lastActivityOn: string | null
  createdAt: Date
  updatedAt: Date
  /** The personal namespace. */
  namespaceId: number
  identities: Identity[]
  /** The uploaded avatar's file name; null without one. */
  avatarFilename: string | null
}

/** A link to an external provider; group SAML identities name their group. */
export interface Identity {
  provider: string
  externUid: string
  samlProviderId: number | null
  groupId: number | null
}

/** States in which a user may not sign in or use a token. */
const BLOCKED_STATES = new Set(['blocked', 'ldap_blocked', 'banned', 'blocked_pending_approval'])

export function isBlocked(user: Pick<User, 'state'>): boolean {
  return BLOCKED_STATES.has(user.state)
}

/** GitLab prints the primary email as commit_email until another is chosen. */
export function commitEmailOrDefault(user: Pick<User, 'commitEmail' | 'email'>): string {
  return user.commitEmail || user.email
}

/** The writable attributes shared by create and update; undefined leaves as is. */
export interface UserAttributes {
  email?: string | undefined
  username?: string | undefined
  name?: string | undefined
  password?: string | undefined
  admin?: boolean | undefined
  bio?: string | undefined
  location?: string | undefined
  publicEmail?: string | undefined
  websiteUrl?: string | undefined
  organization?: string | undefined
  jobTitle?: string | undefined
  pronouns?: string | undefined
  skype?: string | undefined
  linkedin?: string | undefined
  twitter?: string | undefined
  discord?: string | undefined
  canCreateGroup?: boolean | undefined
  projectsLimit?: number | undefined
  external?: boolean | undefined
  privateProfile?: boolean | undefined
  note?: string | undefined
  commitEmail?: string | undefined
  provider?: string | undefined
  externUid?: string | undefined
  groupIdForSaml?: number | undefined
  skipConfirmation?: boolean | undefined
  themeId?: number | undefined
  colorSchemeId?: number | undefined
  /** A new avatar image (a multipart `avatar`). */
  avatar?: AvatarUpload | undefined
}

/** The profile columns a create or update writes, by domain name. */
export type UserProfile = Omit<
  UserAttributes,
  'password' | 'provider' | 'externUid' | 'groupIdForSaml' | 'skipConfirmation' | 'avatar'
>

/** What identity a create or update asks for. */
export interface IdentityRequest {
  provider: string
  externUid: string
  /** Set for a group SAML identity. */
  groupId: number | undefined
}
