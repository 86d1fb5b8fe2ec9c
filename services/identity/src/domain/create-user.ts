import { InvalidError } from '@suite/runtime'
import type { Stores } from './ports.js'
import type { Caller } from './caller.js'
import { TAKEN } from './field-errors.js'
import { hashPassword, randomPassword } from './password.js'
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
  personalNamespace,
  rejectTakenEmailOrUsername,
  saveIdentity,
  userWriteError,
} from './user-writes.js'

export interface CreateUserInput {
  attributes: UserAttributes
  randomPassword: boolean
  /** The instance's default_projects_limit, for a user created without projects_limit. */
  defaultProjectsLimit: () => Promise<number>
}

/** POST /users: admins only; creates the user with its personal namespace. */
export async function createUser(
  stores: Stores,
  caller: Caller,
  input: CreateUserInput,
  now = new Date(),
): Promise<User> {
  requireAdmin(caller)
  const attributes = normalizeAttributes(input.attributes)
  const email = attributes.email ?? ''
  const username = attributes.username ?? ''
  const name = attributes.name ?? ''
  // GitLab answers 409 for a taken email or username before any other error.
  await rejectTakenEmailOrUsername(stores, email, username)
  const errors = userAttributeErrors({
    attributes,
    creating: true,
    randomPassword: input.randomPassword,
    email,
  })
  for (const [field, messages] of Object.entries(identityErrors(attributes))) {
    errors.addAll(field, messages)
  }
  if (username !== '' && !errors.has('username') && (await stores.namespaces.pathTaken(username))) {
    errors.add('username', TAKEN)
  }
  if (!errors.empty) throw new InvalidError(errors.toJSON())
  const identity = identityRequest(attributes)
  const avatar = avatarToStore(attributes)
  await checkIdentityGroup(stores, identity)
  const password =
    input.randomPassword || !attributes.password ? randomPassword() : attributes.password
  const encryptedPassword = await hashPassword(password)
  const projectsLimit = attributes.projectsLimit ?? (await input.defaultProjectsLimit())
  try {
    const userId = await stores.transaction(async (tx) => {
      const id = await tx.users.insert({
        encryptedPassword,
        confirmedAt: attributes.skipConfirmation ? now : null,
        createdById: caller.userId ?? null,
        profile: { ...attributes, email, username, name, projectsLimit },
      })
      const namespaceId = await tx.namespaces.nextId()
      await tx.namespaces.insert(personalNamespace(namespaceId, id, username, name, now))
      if (identity) await saveIdentity(tx, id, identity)
      if (avatar) await tx.users.setAvatar(id, avatar)
      return id
    })
    const user = await stores.users.findById(userId)
    if (!user) throw new Error(`user ${userId} vanished after insert`)
    return user
  } catch (error) {
    throw userWriteError(error)
  }
}
