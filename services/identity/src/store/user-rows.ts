import type { Selectable, Updateable } from 'kysely'
import type { Identity, User, UserProfile } from '../domain/user.js'
import type { UsersTable } from './schema.js'

export type UserRow = Selectable<UsersTable> & { namespace_id: number | null }

export function toUser(row: UserRow, identities: Identity[]): User {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    state: row.state,
    locked: row.locked_at !== null,
    admin: row.admin,
    external: row.external,
    bot: row.bot,
    canCreateGroup: row.can_create_group,
    projectsLimit: row.projects_limit,
    privateProfile: row.private_profile,
    bio: row.bio,
    location: row.location,
    publicEmail: row.public_email,
    websiteUrl: row.website_url,
    organization: row.organization,
    jobTitle: row.job_title,
    pronouns: row.pronouns,
    skype: row.skype,
    linkedin: row.linkedin,
    twitter: row.twitter,
    discord: row.discord,
    note: row.note,
    commitEmail: row.commit_email,
    themeId: row.theme_id,
    colorSchemeId: row.color_scheme_id,
    createdById: row.created_by_id,
    confirmedAt: row.confirmed_at,
    lastSignInAt: row.last_sign_in_at,
    currentSignInAt: row.current_sign_in_at,
    lastActivityOn: row.last_activity_on,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    namespaceId: row.namespace_id ?? 0,
    identities,
    avatarFilename: row.avatar_filename,
  }
}

/** Profile attributes as columns; Kysely skips the undefined ones. */
export function profileColumns(profile: UserProfile): Updateable<UsersTable> {
  return {
    email: profile.email,
    username: profile.username,
    name: profile.name,
    admin: profile.admin,
    bio: profile.bio,
    location: profile.location,
    public_email: profile.publicEmail,
    website_url: profile.websiteUrl,
    organization: profile.organization,
    job_title: profile.jobTitle,
    pronouns: profile.pronouns,
    skype: profile.skype,
    linkedin: profile.linkedin,
    twitter: profile.twitter,
    discord: profile.discord,
    can_create_group: profile.canCreateGroup,
    projects_limit: profile.projectsLimit,
    external: profile.external,
    private_profile: profile.privateProfile,
    note: profile.note,
    commit_email: profile.commitEmail,
    theme_id: profile.themeId,
    color_scheme_id: profile.colorSchemeId,
  }
}
