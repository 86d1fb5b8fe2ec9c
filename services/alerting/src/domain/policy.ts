import { ForbiddenError, UnauthenticatedError } from '@suite/runtime'
import type { Actor, AlertGrant } from './actor.js'

/** An alerting ability, as AlertGrant names it. */
export type AlertAbility = Exclude<keyof AlertGrant, 'projectId'>

/**
 * 403 unless the actor holds `ability` in `projectId`; abilities of another
 * project count as nothing. An anonymous caller the gateway resolved the
 * project for (a readable one) gets GitLab's authorize! answer, 403; one
 * with no abilities at all, 401.
 */
export function requireAbility(actor: Actor, projectId: number, ability: AlertAbility): void {
  const grant = actor.grant?.projectId === projectId ? actor.grant : undefined
  if (grant?.[ability]) return
  if (actor.userId === null && grant === undefined) throw new UnauthenticatedError()
  throw new ForbiddenError()
}
