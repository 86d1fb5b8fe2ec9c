import { InvalidError, NotFoundError } from '@suite/runtime'
import type { Stores } from './ports.js'
import type { Caller } from './caller.js'
import { TAKEN } from './field-errors.js'
import { hashPassword } from './password.js'
import { requireAdmin } from './policy.js'
import type { User, UserAttributes } from './user.js'
import {
  avatarToStore,
  identityErrors,
  identityRequest,
  normalizeAttributes,
  userAttributeErrors,
} from './user-rules.js'
import {
  checkIdentityGroup,
  rejectTakenEmailOrUsername,
  saveIdentity,
  userWriteError,
} from './user-writes.js'

/**
 * PUT /users/:id: admins only (a user edits itself through /user). A new
 * username renames the personal namespace; provider + extern_uid set the
 * user's identity for that provider, group SAML when a group is named.
 */
export async function updateUser(
  stores: Stores,
  caller: Caller,
  id: number,
  input: UserAttributes,
): Promise<User> {
  requireAdmin(caller)
  const user = await stores.users.findById(id)
  if (!user) throw new NotFoundError('User')
  const attributes = normalizeAttributes(input)
  await rejectTakenEmailOrUsername(stores, attributes.email, attributes.username, id)
  const username = attributes.username ?? user.username
  const name = attributes.name ?? user.name
  const errors = userAttributeErrors({
    attributes,
    creating: false,
    randomPassword: false,
    email: attributes.email ?? user.email.toLowerCase(),
    currentUsername: user.username,
  })
  for (const [field, messages] of Object.entries(identityErrors(attributes))) {
    errors.addAll(field, messages)
  }
  const renamed = username !== user.username
  if (
    renamed &&
    !errors.has('username') &&
    (await stores.namespaces.pathTaken(username, user.namespaceId))
  ) {
    errors.add('username', TAKEN)
  }
  if (!errors.empty) throw new InvalidError(errors.toJSON())
  const identity = identityRequest(attributes)
  const avatar = avatarToStore(attributes)
  await checkIdentityGroup(stores, identity)
  const encryptedPassword = attributes.password
    ? await hashPassword(attributes.password)
    : undefined
  try {
    await stores.transaction(async (tx) => {
      await tx.users.update(id, attributes, encryptedPassword)
      if (renamed || name !== user.name) {
        await tx.namespaces.renameUserNamespace(id, username, name)
      }
      if (identity) await saveIdentity(tx, id, identity)
      if (avatar) await tx.users.setAvatar(id, avatar)
    })
  } catch (error) {
    throw userWriteError(error)
  }
  const updated = await stores.users.findById(id)
  if (!updated) throw new NotFoundError('User')
  return updated
}
