import { ConflictError, InvalidError, NotFoundError, ServiceNotFoundError } from '@suite/runtime'
import { AccessLevel } from '@suite/proto'
import type { Caller } from './caller.js'
import { isIsoDate } from './dates.js'
import { findReadableGroup, withCallerAbilities, type GroupWithAbilities } from './group-access.js'
import type { GroupLink } from './group-link.js'
import type { Group } from './namespace.js'
import { requireSignedIn } from './policy.js'
import type { Stores } from './ports.js'
import { UniqueViolation } from './write-conflicts.js'

/** One entry of GroupDetail's shared_with_groups (API::Entities::SharedGroupWithGroup). */
export interface SharedWithGroup {
  group: Group
  groupAccess: number
  expiresAt: string | null
}

export interface ShareGroupInput {
  sharedWithGroupId: number
  groupAccess: number
  expiresAt: string | undefined
}

/** Gitlab::Access.all_values, what a link's group_access may be. */
const LINK_ACCESS_LEVELS: readonly number[] = [
  AccessLevel.ACCESS_LEVEL_MINIMAL,
  AccessLevel.ACCESS_LEVEL_GUEST,
  AccessLevel.ACCESS_LEVEL_PLANNER,
  AccessLevel.ACCESS_LEVEL_REPORTER,
  AccessLevel.ACCESS_LEVEL_DEVELOPER,
  AccessLevel.ACCESS_LEVEL_MAINTAINER,
  AccessLevel.ACCESS_LEVEL_OWNER,
]

/** GroupGroupLink's uniqueness message, as ActiveRecord's full_messages words it. */
const ALREADY_SHARED = 'Shared group The group has already been shared with this group'

/**
 * The groups a group is shared with, those the caller may read
 * (shared_with_group_links_visible_to_user), by name.
 */
export async function sharedWithGroups(
  stores: Stores,
  caller: Caller,
  sharedGroupId: number,
): Promise<SharedWithGroup[]> {
  const links = await stores.groupLinks.listForSharedGroup(sharedGroupId)
  const readable = await withCallerAbilities(
    stores,
    caller,
    links.map((link) => link.sharedWithGroup),
  )
  const visible = new Set(
    readable.filter((entry) => entry.abilities.readGroup).map((entry) => entry.group.id),
  )
  return links
    .filter((link) => visible.has(link.sharedWithGroupId))
    .map((link) => ({
      group: link.sharedWithGroup,
      groupAccess: link.groupAccess,
      expiresAt: link.expiresAt,
    }))
}

/** GET /groups/:id's shared_with_groups: the group readable (404 Group), then its links. */
export async function listGroupLinks(
  stores: Stores,
  caller: Caller,
  groupId: number,
): Promise<SharedWithGroup[]> {
  const { group } = await findReadableGroup(stores, caller, { id: groupId })
  return sharedWithGroups(stores, caller, group.id)
}

/**
 * POST /groups/:id/share (Groups::GroupLinks::CreateService): both groups
 * readable (404 Group, find_group!), then admin_group_member in the shared
 * group, else GitLab's bare 404 Not Found; a pair linked already is a 409.
 * The link changes nothing else: what its grants are worth is computed from
 * it at every read (group-access.ts, list-user-memberships.ts), and its
 * statement's change trigger empties the gateways' caches.
 */
export async function shareGroup(
  stores: Stores,
  caller: Caller,
  groupId: number,
  input: ShareGroupInput,
): Promise<{ shared: GroupWithAbilities; links: SharedWithGroup[] }> {
  requireSignedIn(caller)
  const shared = await findReadableGroup(stores, caller, { id: groupId })
  const invited = await findReadableGroup(stores, caller, { id: input.sharedWithGroupId })
  if (!LINK_ACCESS_LEVELS.includes(input.groupAccess)) {
    throw new InvalidError({}, 'group_access does not have a valid value')
  }
  if (input.expiresAt !== undefined && !isIsoDate(input.expiresAt)) {
    throw new InvalidError({}, 'expires_at is invalid')
  }
  if (!shared.abilities.adminGroupMember) throw new ServiceNotFoundError()
  const link: GroupLink = {
    sharedGroupId: shared.group.id,
    sharedWithGroupId: invited.group.id,
    groupAccess: input.groupAccess,
    expiresAt: input.expiresAt ?? null,
  }
  try {
    await stores.groupLinks.insert(link)
  } catch (error) {
    if (error instanceof UniqueViolation && error.rule === 'group_link') {
      throw new ConflictError(ALREADY_SHARED)
    }
    throw error
  }
  return { shared, links: await sharedWithGroups(stores, caller, shared.group.id) }
}

/**
 * DELETE /groups/:id/share/:group_id: the shared group readable (404 Group),
 * a link to the group named (404 Group Link), then admin_group_member in the
 * shared group (Groups::GroupLinks::DestroyService's 404 Not Found).
 */
export async function unshareGroup(
  stores: Stores,
  caller: Caller,
  groupId: number,
  sharedWithGroupId: number,
): Promise<void> {
  requireSignedIn(caller)
  const shared = await findReadableGroup(stores, caller, { id: groupId })
  const links = await stores.groupLinks.listForSharedGroup(shared.group.id)
  if (!links.some((link) => link.sharedWithGroupId === sharedWithGroupId)) {
    throw new NotFoundError('Group Link')
  }
  if (!shared.abilities.adminGroupMember) throw new ServiceNotFoundError()
  await stores.groupLinks.delete(shared.group.id, sharedWithGroupId)
}
