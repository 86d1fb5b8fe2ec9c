import type { AttributePath, Caller } from '@suite/proto'
import type { Actor } from '../domain/actor.js'

/** The caller as an actor, with the abilities the gateway handed on. */
export function actorOf(caller: Caller | undefined): Actor {
  const abilities = caller?.project
  return {
    userId: caller?.userId ?? null,
    admin: caller?.admin ?? false,
    grant: abilities
      ? {
          projectId: abilities.projectId,
          adminAlertIntegrations: abilities.adminAlertIntegrations,
          readAlertManagementAlert: abilities.readAlertManagementAlert,
          updateAlertManagementAlert: abilities.updateAlertManagementAlert,
        }
      : undefined,
  }
}

/** Mappings as the wire carries them, field to path. */
export function mappingsOf(
  mappings: Record<string, AttributePath>,
): Record<string, readonly string[]> {
  return Object.fromEntries(Object.entries(mappings).map(([field, path]) => [field, path.path]))
}
