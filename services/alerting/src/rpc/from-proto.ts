import type { AttributePath, Caller as CallerMessage } from '@suite/proto'
import type { Caller } from '../domain/caller.js'

/** The caller as the domain sees it, with the abilities the gateway handed on. */
export function callerOf(caller: CallerMessage | undefined): Caller {
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
