import { ForbiddenError, UnauthenticatedError } from '@suite/runtime'
import type { Actor, AlertGrant } from './actor.js'

/** An alerting ability, as AlertGrant names it. */
export type AlertAbility = Exclude<keyof AlertGrant, 'projectId'>

/**
 * 403 unless the signed-in actor holds `ability` in `projectId`; abilities
 * of another project count as nothing.
 */
export function requireAbility(actor: Actor, projectId: number, ability: AlertAbility): void {
  if (actor.userId === null) throw new UnauthenticatedError()
  const grant = actor.grant?.projectId === projectId ? actor.grant : undefined
  if (!grant?.[ability]) throw new ForbiddenError()
}
