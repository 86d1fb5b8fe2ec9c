import type { UserAttributes } from '@suite/proto'
import { p } from './coercions.js'
import { avatarParam, avatarUpload } from './project-avatar.js'
import type { ParamRule, ParamValues } from './parse-params.js'

/**
 * The optional attributes of POST and PUT /users (lib/api/users.rb
 * `:optional_attributes` with EE's group_id_for_saml).
 */
export const userOptionalAttributes = {
  skype: p.string(),
  linkedin: p.string(),
  twitter: p.string(),
  discord: p.string(),
  website_url: p.string(),
  organization: p.string(),
  job_title: p.string(),
  projects_limit: p.int32(),
  extern_uid: p.string(),
  provider: p.string(),
  bio: p.string(),
  location: p.string(),
  pronouns: p.string(),
  public_email: p.string(),
  commit_email: p.string(),
  admin: p.bool(),
  can_create_group: p.bool(),
  external: p.bool(),
  theme_id: p.int32(),
  color_scheme_id: p.int32(),
  private_profile: p.bool(),
  note: p.string(),
  group_id_for_saml: p.int(),
  // A multipart file, as for projects (API::Validations::Types::WorkhorseFile).
  avatar: avatarParam(),
}

export const userAttributeRules: readonly ParamRule[] = [
  { kind: 'all_or_none_of', names: ['extern_uid', 'provider'], after: 'group_id_for_saml' },
]

type UserAttributeParams = Partial<ParamValues<typeof userOptionalAttributes>> & {
  email?: string | undefined
  username?: string | undefined
  name?: string | undefined
  password?: string | undefined
  skip_confirmation?: boolean | undefined
}

/** Parameters in GitLab's names to the service's UserAttributes. */
export function toUserAttributes(params: UserAttributeParams): UserAttributes {
  return {
    email: params.email,
    username: params.username,
    name: params.name,
    password: params.password,
    admin: params.admin,
    bio: params.bio,
    location: params.location,
    publicEmail: params.public_email,
    websiteUrl: params.website_url,
    organization: params.organization,
    jobTitle: params.job_title,
    pronouns: params.pronouns,
    skype: params.skype,
    linkedin: params.linkedin,
    twitter: params.twitter,
    discord: params.discord,
    canCreateGroup: params.can_create_group,
    projectsLimit: params.projects_limit,
    external: params.external,
    privateProfile: params.private_profile,
    note: params.note,
    commitEmail: params.commit_email,
    provider: params.provider,
    externUid: params.extern_uid,
    groupIdForSaml: params.group_id_for_saml,
    skipConfirmation: params.skip_confirmation,
    themeId: params.theme_id,
    colorSchemeId: params.color_scheme_id,
    avatar: avatarUpload(params.avatar),
  }
}
