import { NotFoundError } from '@suite/runtime'
import type { Stores } from './ports.js'
import { effectiveAccessLevel } from './access-level.js'
import type { Caller } from './caller.js'
import { callerAbilitiesInGroup } from './group-access.js'
import type { SourceRef } from './member.js'
import type { MembershipScope } from './member-query.js'
import { isGroup, type Group, type Namespace } from './namespace.js'
import { groupMemberAbilities, projectMemberAbilities, type MemberAbilities } from './policy.js'

/** A membership source with what its access is computed from. */
export interface ResolvedSource {
  sourceType: 'Namespace' | 'Project'
  sourceId: number
  /** The group, for a group source. */
  group: Group | undefined
  /** Where memberships count: the project and the groups from the root down. */
  scope: MembershipScope
  /** Groups strictly above the source, root first, whose levels a member may not go under. */
  ancestorGroups: Group[]
  /** The owner of the personal namespace a project lives in (Owner of the project). */
  personalOwnerId: number | null
  /** Stored with each membership: the group itself, or the project's namespace. */
  memberNamespaceId: number | null
}

async function ancestorsOf(stores: Stores, ids: readonly number[]): Promise<Group[]> {
  const groups = await stores.namespaces.findGroups(ids)
  const byId = new Map(groups.map((group) => [group.id, group]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

export async function resolveSource(stores: Stores, ref: SourceRef): Promise<ResolvedSource> {
  if (ref.type === 'group') {
    const group = await stores.namespaces.findGroup({ id: ref.id })
    if (!group) throw new NotFoundError('Group')
    return {
      sourceType: 'Namespace',
      sourceId: group.id,
      group,
      scope: { groupIds: group.traversalIds },
      ancestorGroups: await ancestorsOf(stores, group.traversalIds.slice(0, -1)),
      personalOwnerId: null,
      memberNamespaceId: group.id,
    }
  }
  let namespace: Namespace | undefined
  if (ref.namespaceId !== undefined) {
    namespace = await stores.namespaces.find({ id: ref.namespaceId })
    if (!namespace) throw new NotFoundError('Namespace')
  }
  const groupIds = namespace && isGroup(namespace) ? namespace.traversalIds : []
  return {
    sourceType: 'Project',
    sourceId: ref.id,
    group: undefined,
    scope: { projectId: ref.id, groupIds },
    ancestorGroups: await ancestorsOf(stores, groupIds),
    personalOwnerId: namespace?.kind === 'user' ? namespace.ownerId : null,
    memberNamespaceId: namespace?.id ?? null,
  }
}

/** A user's concrete level in a source (no admin shortcut): GetAccessLevel. */
export async function userLevelInSource(
  stores: Stores,
  userId: number,
  source: ResolvedSource,
): Promise<number> {
  const held = await stores.members.held([userId], source.scope)
  return effectiveAccessLevel(held, source.personalOwnerId === userId)
}

/**
 * Resolves a source the caller may see, with what the caller may do with its
 * members: for a group, identity's GroupPolicy (404 Group when unreadable);
 * for a project, the projects service's abilities the caller carries (404
 * Project when they do not let it read this project).
 */
export async function resolveVisibleSource(
  stores: Stores,
  caller: Caller,
  ref: SourceRef,
): Promise<{ source: ResolvedSource; abilities: MemberAbilities }> {
  if (ref.type === 'project') {
    const abilities = projectMemberAbilities(caller, ref.id)
    if (!abilities.readSource) throw new NotFoundError('Project')
    return { source: await resolveSource(stores, ref), abilities }
  }
  const source = await resolveSource(stores, ref)
  const group = source.group
  const abilities = group
    ? groupMemberAbilities(await callerAbilitiesInGroup(stores, caller, group))
    : undefined
  if (!abilities?.readSource) throw new NotFoundError('Group')
  return { source, abilities }
}
