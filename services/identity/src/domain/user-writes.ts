import { ConflictError, InvalidError, NotFoundError, VisibilityLevel } from '@suite/runtime'
import type { Stores } from './ports.js'
import { UniqueViolation } from './write-conflicts.js'
import { TAKEN } from './field-errors.js'
import { DEFAULT_GROUP_SETTINGS, type Namespace } from './namespace.js'
import type { IdentityRequest } from './user.js'

export const EMAIL_TAKEN = 'Email has already been taken'
export const USERNAME_TAKEN = 'Username has already been taken'

/** GitLab's 409s for a taken email or username (lib/api/users.rb). */
export async function rejectTakenEmailOrUsername(
  stores: Stores,
  email: string | undefined,
  username: string | undefined,
  exceptUserId?: number,
): Promise<void> {
  const taken = await stores.users.taken(email, username, exceptUserId)
  if (taken.email) throw new ConflictError(EMAIL_TAKEN)
  if (taken.username) throw new ConflictError(USERNAME_TAKEN)
}

/** Turns a lost race on a unique index into the answer GitLab gives. */
export function userWriteError(error: unknown): unknown {
  if (!(error instanceof UniqueViolation)) return error
  switch (error.rule) {
    case 'email':
      return new ConflictError(EMAIL_TAKEN)
    case 'username':
      return new ConflictError(USERNAME_TAKEN)
    case 'namespace_path':
      return new InvalidError({ username: [TAKEN] })
    case 'identity':
      return new InvalidError({ 'identities.extern_uid': [TAKEN] })
    default:
      return error
  }
}

/** The personal namespace GitLab builds with a user: path = username, name = name. */
export function personalNamespace(
  id: number,
  ownerId: number,
  username: string,
  name: string,
  now: Date,
): Namespace {
  return {
    id,
    kind: 'user',
    name,
    path: username,
    fullPath: username,
    fullName: name,
    parentId: null,
    ownerId,
    visibilityLevel: VisibilityLevel.VISIBILITY_LEVEL_PUBLIC,
    traversalIds: [id],
    description: '',
    createdAt: now,
    settings: DEFAULT_GROUP_SETTINGS,
  }
}

/** A group SAML identity needs its group to exist. */
export async function checkIdentityGroup(
  stores: Stores,
  identity: IdentityRequest | undefined,
): Promise<void> {
  if (identity?.groupId === undefined) return
  const group = await stores.namespaces.findGroup({ id: identity.groupId })
  if (!group) throw new NotFoundError('Group')
}

/** Adds or updates the user's identity for its provider (and group's SAML provider). */
export async function saveIdentity(
  stores: Stores,
  userId: number,
  identity: IdentityRequest,
): Promise<void> {
  const samlProviderId =
    identity.groupId === undefined ? null : await stores.users.samlProviderFor(identity.groupId)
  await stores.users.upsertIdentity(userId, {
    provider: identity.provider,
    externUid: identity.externUid,
    samlProviderId,
  })
}
