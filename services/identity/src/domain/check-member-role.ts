import { InvalidError } from '@suite/runtime'
import { ForeignKeyViolation, MEMBER_ROLE_FOREIGN_KEY } from './write-conflicts.js'
import type { Stores } from './ports.js'
import { memberRoleAssignmentErrors } from './member-role.js'
import type { ResolvedSource } from './member-source.js'

/** GitLab's answer for a role that is not there or not usable in the source. */
const ROLE_NOT_FOUND = { member_role: ['not found'] }

/**
 * A membership's custom role must exist, belong to the instance or to the
 * source's top-level group, and have the membership's level as its base
 * (ee Member validations); 400 with GitLab's field errors otherwise.
 */
export async function checkMemberRole(
  stores: Stores,
  source: ResolvedSource,
  memberRoleId: number,
  accessLevel: number,
): Promise<void> {
  const role = await stores.memberRoles.find(memberRoleId)
  const errors = memberRoleAssignmentErrors(role, source.scope.groupIds[0], accessLevel)
  if (errors) throw new InvalidError(errors)
}

/** A role deleted between the check and the write: the foreign key refuses it, as not found. */
export function roleVanished(error: unknown): InvalidError | undefined {
  return error instanceof ForeignKeyViolation && error.constraint === MEMBER_ROLE_FOREIGN_KEY
    ? new InvalidError(ROLE_NOT_FOUND)
    : undefined
}
