import { AccessLevel } from '@suite/proto'
import { NotFoundError } from '@suite/runtime'
import type { Stores } from './ports.js'
import type { Caller } from './caller.js'
import {
  callerAbilitiesInGroup,
  findReadableGroup,
  type GroupWithAbilities,
} from './group-access.js'
import { isGroup, type Group, type Namespace, type NamespaceRef } from './namespace.js'
import { canReadPersonalNamespace } from './policy.js'

/** GET /groups/:id (id or full path); 404 Group when the caller may not read it. */
export function getGroup(
  stores: Stores,
  caller: Caller,
  ref: NamespaceRef,
): Promise<GroupWithAbilities> {
  return findReadableGroup(stores, caller, ref)
}

/** Groups by id for other services; unknown ids are left out. */
export function batchGetGroups(stores: Stores, ids: readonly number[]): Promise<Group[]> {
  return stores.namespaces.findGroups(ids.slice(0, 1000))
}

/**
 * GET /namespaces/:id: a personal namespace (its owner is Owner) or a group
 * the caller belongs to; 404 Namespace otherwise.
 */
export async function getNamespace(
  stores: Stores,
  caller: Caller,
  ref: NamespaceRef,
): Promise<{ namespace: Namespace; level: number }> {
  const namespace = await stores.namespaces.find(ref)
  if (!namespace) throw new NotFoundError('Namespace')
  if (isGroup(namespace)) {
    const abilities = await callerAbilitiesInGroup(stores, caller, namespace)
    if (!abilities.readNamespace) throw new NotFoundError('Namespace')
    return { namespace, level: abilities.accessLevel }
  }
  if (!canReadPersonalNamespace(namespace, caller)) throw new NotFoundError('Namespace')
  return { namespace, level: AccessLevel.ACCESS_LEVEL_OWNER }
}
