import { ScopedAbility, type Caller } from '@suite/proto'
import type { AbilityScope } from '../domain/access-facts.js'
import { abilityScopeOf } from './access-facts.js'
import type { Ports } from './ports.js'

/**
 * The caller's side of a merge request list that spans projects, as the
 * projects service answers it for read_merge_request (one call).
 */
export async function findReadMergeRequestScope(
  ports: Pick<Ports, 'projects'>,
  caller: Caller | undefined,
): Promise<AbilityScope> {
  const { scope } = await ports.projects.getAbilityScope({
    caller,
    ability: ScopedAbility.SCOPED_ABILITY_READ_MERGE_REQUEST,
  })
  return abilityScopeOf(scope)
}
