import type { User } from '@suite/proto'
import { presentIdentity, type IdentityJson } from './identity.entity.js'
import { isoTime, orNull, type PresentContext } from './present-context.js'
import { presentUser, type UserJson } from './user.entity.js'

/** API::Entities::UserPublic: what a user sees of themselves (GET /user). */
export interface UserPublicJson extends UserJson {
  last_sign_in_at: string | null
  confirmed_at: string | null
  last_activity_on: string | null
  email: string
  theme_id: number
  color_scheme_id: number
  projects_limit: number
  current_sign_in_at: string | null
  identities: IdentityJson[]
  can_create_group: boolean
  can_create_project: boolean
  two_factor_enabled: boolean
  external: boolean
  private_profile: boolean
  commit_email: string
  preferred_language: string
}

export function presentUserPublic(user: User, ctx: PresentContext): UserPublicJson {
  return {
    ...presentUser(user, ctx),
    last_sign_in_at: isoTime(user.lastSignInAt),
    confirmed_at: isoTime(user.confirmedAt),
    last_activity_on: orNull(user.lastActivityOn),
    email: user.email,
    theme_id: user.themeId,
    color_scheme_id: user.colorSchemeId,
    projects_limit: user.projectsLimit,
    current_sign_in_at: isoTime(user.currentSignInAt),
    identities: user.identities.map(presentIdentity),
    can_create_group: user.canCreateGroup,
    // GitLab compares the limit with the personal projects already owned;
    // projects are not counted here yet.
    can_create_project: user.projectsLimit > 0,
    two_factor_enabled: false,
    external: user.external,
    private_profile: user.privateProfile,
    // commit_email_or_default
    commit_email: user.commitEmail || user.email,
    preferred_language: 'en',
  }
}
