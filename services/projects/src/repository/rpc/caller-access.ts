import type { Caller } from '@suite/proto'
import { ForbiddenError } from '@suite/runtime'

/** The project abilities a repository call may need (common.v1.ProjectAbilities). */
export type RepositoryAbility = 'readCode' | 'pushCode' | 'adminTag'

/**
 * The repository role's own check of a write or a read (and of a git fetch), as every other service checks
 * the caller it is sent: the caller's abilities in this very project (the
 * projects service's policy decided them; nothing is re-derived here) must
 * grant `ability`, else PERMISSION_DENIED. A caller marked `system` (a
 * service writing for the suite, such as a new project's initial commit) is
 * let through: only the suite's own processes can send one. An admin flag
 * alone is not enough, as the policy already made an admin's abilities.
 */
export function requireRepositoryAbility(
  caller: Caller | undefined,
  projectId: number,
  ability: RepositoryAbility,
): void {
  if (caller?.system === true) return
  const abilities = caller?.project
  if (abilities && abilities.projectId === projectId && abilities[ability]) return
  throw new ForbiddenError('403 Forbidden')
}

/**
 * Calls only the suite's own services make, never for a request (creating,
 * deleting and describing a project's repository, its default branch, a
 * pipeline's keep-around ref): the projects or ci-triggers service has
 * applied its policy and calls as `system`; any other caller is PERMISSION_DENIED.
 */
export function requireSystemCaller(caller: Caller | undefined): void {
  if (caller?.system !== true) throw new ForbiddenError('403 Forbidden')
}

/**
 * A write another service allowed for a signed-in user by a rule of its own
 * (a fork's collaboration, which the merge-requests service owns): the
 * caller must still name a user; any other caller is PERMISSION_DENIED.
 */
export function requireSignedInCaller(caller: Caller | undefined): void {
  if (caller?.system === true) return
  if (caller?.userId === undefined) throw new ForbiddenError('403 Forbidden')
}
