import { ForbiddenError, UnauthenticatedError } from '@suite/runtime'
import type { Caller, AlertGrant } from './caller.js'

/** An alerting ability, as AlertGrant names it. */
export type AlertAbility = Exclude<keyof AlertGrant, 'projectId'>

/**
 * 403 unless the caller holds `ability` in `projectId`; abilities of another
 * project count as nothing. An anonymous caller the gateway resolved the
 * project for (a readable one) gets GitLab's authorize! answer, 403; one
 * with no abilities at all, 401.
 */
export function requireAbility(caller: Caller, projectId: number, ability: AlertAbility): void {
  const grant = caller.grant?.projectId === projectId ? caller.grant : undefined
  if (grant?.[ability]) return
  if (caller.userId === null && grant === undefined) throw new UnauthenticatedError()
  throw new ForbiddenError()
}
