import { checkAvatarUpload, type FieldErrors, type StoredAvatar } from '@suite/runtime'
import { BLANK, ErrorCollector, INVALID, tooLong, tooShort } from './field-errors.js'
import { usernameErrors } from './path-rules.js'
import type { IdentityRequest, UserAttributes } from './user.js'

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
const MAX_INT = 2147483647
/** Devise's email_regexp. */
const EMAIL_FORMAT = /^[^@\s]+@[^@\s]+$/
export const NOT_YOUR_EMAIL = 'is not an email you own'
export const PRIVATE_COMMIT_EMAIL = '_private'

/**
 * Devise keeps emails stripped and lowercase; the other attributes are kept
 * as given. Empty provider/extern_uid mean no identity.
 */
export function normalizeAttributes(attributes: UserAttributes): UserAttributes {
  return {
    ...attributes,
    email: attributes.email?.trim().toLowerCase(),
    publicEmail: attributes.publicEmail?.trim(),
    commitEmail: attributes.commitEmail?.trim(),
  }
}

export interface UserValidation {
  attributes: UserAttributes
  /** Create validates every attribute; update only those given. */
  creating: boolean
  randomPassword: boolean
  /** The email the user will have after the write. */
  email: string
  /** The username now, on update: an unchanged username is not validated again. */
  currentUsername?: string
}

/** User validations in GitLab's wording, keyed by attribute. */
export function userAttributeErrors(input: UserValidation): ErrorCollector {
  const { attributes: a, creating } = input
  const errors = new ErrorCollector()
  if (a.username !== undefined || creating) {
    const username = a.username ?? ''
    if (creating || username !== input.currentUsername) {
      errors.addAll('username', usernameErrors(username))
    }
  }
  if (a.name !== undefined || creating) {
    const name = a.name ?? ''
    if (name.trim() === '') errors.add('name', BLANK)
    else if (name.length > 255) errors.add('name', tooLong(255))
  }
  if (a.email !== undefined || creating) {
    const email = a.email ?? ''
    if (email === '') errors.add('email', BLANK)
    else if (!EMAIL_FORMAT.test(email)) errors.add('email', INVALID)
  }
  passwordErrors(errors, a.password, creating && !input.randomPassword)
  if (a.avatar) errors.addAll('avatar', checkAvatarUpload(a.avatar).errors)
  if (a.projectsLimit !== undefined) {
    if (a.projectsLimit < 0) errors.add('projects_limit', 'must be greater than or equal to 0')
    else if (a.projectsLimit > MAX_INT) {
      errors.add('projects_limit', `must be less than or equal to ${MAX_INT}`)
    }
  }
  lengthError(errors, 'bio', a.bio, 255)
  lengthError(errors, 'pronouns', a.pronouns, 50)
  lengthError(errors, 'job_title', a.jobTitle, 200)
  // UserDetail::DEFAULT_FIELD_LENGTH, for the profile's other free-text fields.
  lengthError(errors, 'discord', a.discord, 500)
  lengthError(errors, 'linkedin', a.linkedin, 500)
  lengthError(errors, 'location', a.location, 500)
  lengthError(errors, 'organization', a.organization, 500)
  lengthError(errors, 'skype', a.skype, 500)
  lengthError(errors, 'twitter', a.twitter, 500)
  lengthError(errors, 'website_url', a.websiteUrl, 500)
  if (a.publicEmail && a.publicEmail.toLowerCase() !== input.email) {
    errors.add('public_email', NOT_YOUR_EMAIL)
  }
  if (
    a.commitEmail &&
    a.commitEmail !== PRIVATE_COMMIT_EMAIL &&
    a.commitEmail.toLowerCase() !== input.email
  ) {
    errors.add('commit_email', NOT_YOUR_EMAIL)
  }
  return errors
}

function passwordErrors(
  errors: ErrorCollector,
  password: string | undefined,
  required: boolean,
): void {
  if (password === undefined || password === '') {
    if (required) errors.add('password', BLANK)
    return
  }
  if (password.length < PASSWORD_MIN_LENGTH) errors.add('password', tooShort(PASSWORD_MIN_LENGTH))
  if (password.length > PASSWORD_MAX_LENGTH) errors.add('password', tooLong(PASSWORD_MAX_LENGTH))
}

function lengthError(
  errors: ErrorCollector,
  field: string,
  value: string | undefined,
  max: number,
): void {
  if (value !== undefined && value.length > max) errors.add(field, tooLong(max))
}

/** The avatar to store once the attributes passed userAttributeErrors; undefined without one. */
export function avatarToStore(attributes: UserAttributes): StoredAvatar | undefined {
  return attributes.avatar && checkAvatarUpload(attributes.avatar).avatar
}

/** The identity asked for: provider and extern_uid come together (all_or_none_of). */
export function identityRequest(attributes: UserAttributes): IdentityRequest | undefined {
  const { provider, externUid } = attributes
  if (!provider || !externUid) return undefined
  return { provider, externUid, groupId: attributes.groupIdForSaml }
}

export function identityErrors(attributes: UserAttributes): FieldErrors {
  const errors = new ErrorCollector()
  if (attributes.provider && !attributes.externUid) errors.add('extern_uid', BLANK)
  if (attributes.externUid && !attributes.provider) errors.add('provider', BLANK)
  return errors.toJSON()
}
