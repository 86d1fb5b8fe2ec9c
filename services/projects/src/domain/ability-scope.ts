import {
  abilityScope,
  LIST_ABILITIES,
  type AbilityScope,
  type ListAbility,
} from './access-requirements.js'
import type { Caller } from './caller.js'
import type { IdentityPort } from './ports.js'
import { callerMemberships } from './read-projects.js'

/**
 * GetAbilityScope: the caller's side of a list that spans projects, for one
 * ability. One identity call for a user (their memberships), none for an
 * anonymous caller; bounded by the caller's memberships, never by the number
 * of projects they can read.
 */
export async function getAbilityScope(
  identity: Pick<IdentityPort, 'memberships'>,
  caller: Caller,
  ability: ListAbility,
): Promise<AbilityScope> {
  return abilityScope(caller, await callerMemberships(identity, caller), ability)
}

/** Every list ability's scope from one membership lookup (the event feeds need all three). */
export async function listAbilityScopes(
  identity: Pick<IdentityPort, 'memberships'>,
  caller: Caller,
): Promise<Record<ListAbility, AbilityScope>> {
  const memberships = await callerMemberships(identity, caller)
  return Object.fromEntries(
    LIST_ABILITIES.map((ability) => [ability, abilityScope(caller, memberships, ability)]),
  ) as Record<ListAbility, AbilityScope>
}
