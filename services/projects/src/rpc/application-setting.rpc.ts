import type { ApplicationSettingServiceServer } from '@suite/proto'
import { InvalidError, type GrpcServer } from '@suite/runtime'
import {
  readApplicationSettings,
  updateApplicationSettings,
} from '../domain/application-settings.js'
import type { ApplicationSettingsStore } from '../domain/ports.js'
import { toCaller } from './from-proto.js'

/** The changes as the gateway sent them: a JSON object. */
function changesOf(json: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(json || '{}')
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new InvalidError({}, 'changes_json is not an object')
  }
  return parsed as Record<string, unknown>
}

/** gitlab.projects.v1.ApplicationSettingService */
export function applicationSettingService(
  server: GrpcServer,
  store: ApplicationSettingsStore,
): ApplicationSettingServiceServer {
  return {
    getApplicationSettings: server.unary('GetApplicationSettings', async (req) => ({
      settingsJson: JSON.stringify(await readApplicationSettings(store, toCaller(req.caller))),
    })),
    updateApplicationSettings: server.unary('UpdateApplicationSettings', async (req) => {
      const settings = await updateApplicationSettings(
        store,
        toCaller(req.caller),
        changesOf(req.changesJson),
      )
      return { settingsJson: JSON.stringify(settings) }
    }),
  }
}
