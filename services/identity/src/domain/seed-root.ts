import type { Stores } from './ports.js'
import { hashPassword, randomPassword } from './password.js'
import { digestToken } from './token-secret.js'
import { personalNamespace } from './user-writes.js'

export const ROOT_USER_ID = 1
export const ROOT_TOKEN_NAME = 'initial-root-token'

export interface SeedOptions {
  /** INITIAL_ROOT_TOKEN: becomes a personal access token of root, scope api. */
  initialRootToken: string | undefined
  now?: Date
}

export interface SeedResult {
  rootCreated: boolean
  tokenCreated: boolean
}

/**
 * The administrator GitLab installs with: root (id 1), "Administrator",
 * admin@example.com, with its personal namespace. Idempotent: running it
 * again changes nothing, and the same INITIAL_ROOT_TOKEN is stored once.
 */
export async function seedRoot(stores: Stores, options: SeedOptions): Promise<SeedResult> {
  const now = options.now ?? new Date()
  const encryptedPassword = await hashPassword(randomPassword())
  return stores.transaction(async (tx) => {
    await tx.lock('identity.seed-root')
    let rootCreated = false
    if (!(await tx.users.findById(ROOT_USER_ID))) {
      await tx.users.insert({
        id: ROOT_USER_ID,
        encryptedPassword,
        confirmedAt: now,
        createdById: null,
        profile: {
          username: 'root',
          name: 'Administrator',
          email: 'admin@example.com',
          admin: true,
          canCreateGroup: true,
        },
      })
      await tx.namespaces.insert(
        personalNamespace(ROOT_USER_ID, ROOT_USER_ID, 'root', 'Administrator', now),
      )
      rootCreated = true
    }
    await tx.advanceIdSequence('users')
    await tx.advanceIdSequence('namespaces')
    let tokenCreated = false
    if (options.initialRootToken) {
      tokenCreated = await tx.tokens.insertIfAbsent({
        userId: ROOT_USER_ID,
        name: ROOT_TOKEN_NAME,
        description: null,
        digest: digestToken(options.initialRootToken),
        scopes: ['api'],
        expiresAt: null,
        impersonation: false,
      })
    }
    return { rootCreated, tokenCreated }
  })
}
