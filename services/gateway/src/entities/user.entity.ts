import type { User } from '@suite/proto'
import { isoTime, orNull, type PresentContext } from './present-context.js'
import { presentUserBasic, type UserBasicJson } from './user-basic.entity.js'

/** API::Entities::User: the profile anyone signed in may read. */
export interface UserJson extends UserBasicJson {
  created_at: string | null
  bio: string
  location: string
  public_email: string
  skype: string
  linkedin: string
  twitter: string
  discord: string
  website_url: string
  organization: string
  job_title: string
  pronouns: string | null
  bot: boolean
  work_information: string | null
  followers: number
  following: number
  is_followed: boolean
  local_time: string | null
}

/** UsersHelper#work_information: "<job title> at <organization>", either alone, or null. */
function workInformation(user: User): string | null {
  if (user.jobTitle && user.organization) return `${user.jobTitle} at ${user.organization}`
  return user.jobTitle || user.organization || null
}

export function presentUser(user: User, ctx: PresentContext): UserJson {
  return {
    ...presentUserBasic(user, ctx),
    // :read_user_profile, as identity's UserPolicy answered it for this viewer.
    created_at: user.abilities?.readUserProfile ? isoTime(user.createdAt) : null,
    bio: user.bio,
    location: user.location,
    public_email: user.publicEmail,
    skype: user.skype,
    linkedin: user.linkedin,
    twitter: user.twitter,
    discord: user.discord,
    website_url: user.websiteUrl,
    organization: user.organization,
    job_title: user.jobTitle,
    pronouns: orNull(user.pronouns),
    bot: user.bot,
    work_information: workInformation(user),
    // Following users is not part of this suite.
    followers: 0,
    following: 0,
    is_followed: false,
    // No time zone is stored per user.
    local_time: null,
  }
}
