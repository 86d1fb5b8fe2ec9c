import { ProjectAbilities, type Caller as CallerMessage } from '@suite/proto'
import type { Caller } from '../domain/caller.js'

/**
 * The caller as the other services take it: who it is, its token's scopes
 * and the abilities it brought for the request's project (those this
 * service reads; the callees read no others).
 */
export function callerMessage(caller: Caller | undefined): CallerMessage | undefined {
  if (!caller) return undefined
  return {
    userId: caller.userId,
    admin: caller.admin,
    scopes: [...caller.scopes],
    project: caller.project && ProjectAbilities.fromPartial({ ...caller.project }),
    group: undefined,
  }
}
