import { AccessLevel } from '@suite/proto'
import type { Stores } from './ports.js'
import type { SourceRef } from './member.js'
import { resolveSource, userLevelInSource } from './member-source.js'
import { NotFoundError } from '@suite/runtime'

/**
 * A user's effective level in a group or project for other services: direct
 * and inherited memberships, Owner for a personal namespace's owner. No admin
 * shortcut: callers know their caller's admin flag. 0 for an unknown source.
 */
export async function getAccessLevel(
  stores: Stores,
  userId: number,
  ref: SourceRef,
): Promise<number> {
  try {
    return await userLevelInSource(stores, userId, await resolveSource(stores, ref))
  } catch (error) {
    if (error instanceof NotFoundError) return AccessLevel.ACCESS_LEVEL_NO_ACCESS
    throw error
  }
}
