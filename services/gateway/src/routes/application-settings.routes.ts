import { ADMIN } from '../auth/abilities.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import { applicationSettingParams } from '../params/application-settings.js'
import type { ApiRouter } from './api-router.js'

/** The settings JSON the projects service answers, as GitLab's entity. */
function present(answer: { settingsJson: string }): unknown {
  return JSON.parse(answer.settingsJson)
}

/**
 * GET and PUT /application/settings (lib/api/settings.rb,
 * API::Entities::ApplicationSetting): every setting with GitLab's defaults,
 * and the ones a PUT gives kept. Administrators only.
 */
export function applicationSettingsRoutes(
  api: ApiRouter,
  projects: Pick<ProjectsClients, 'ApplicationSettingService'>,
): void {
  const settings = projects.ApplicationSettingService
  api.get('/application/settings', {
    ability: ADMIN,
    handle: ({ caller }) => settings.read.getApplicationSettings({ caller }),
    present,
  })
  api.put('/application/settings', {
    ability: ADMIN,
    params: applicationSettingParams,
    handle: ({ caller, params }) =>
      settings.write.updateApplicationSettings({ caller, changesJson: JSON.stringify(params) }),
    present,
  })
}
