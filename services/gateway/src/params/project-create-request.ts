import type { Caller, CreateProjectRequest } from '@suite/proto'
import { avatarUpload, type AvatarValue } from './project-avatar.js'
import { refuseReadmeWithOtherContent } from './project-settings.js'
import { settingsInput } from './project-settings-input.js'

/** The parsed parameters of POST /projects and POST /projects/user/:user_id that travel apart. */
export interface CreateValues extends Readonly<Record<string, unknown>> {
  namespace_id?: number | undefined
  initialize_with_readme: boolean
  import_url?: string | undefined
  template_name?: string | undefined
  template_project_id?: number | undefined
  repository_object_format?: string | undefined
  avatar?: AvatarValue | undefined
}

/**
 * CreateProject for a create request: the settings, where the repository's
 * contents come from (a README, an import or a built-in template, at most
 * one), its object format and the avatar.
 */
export function createProjectRequest(
  caller: Caller,
  params: CreateValues,
  forUserId: number | undefined,
): CreateProjectRequest {
  refuseReadmeWithOtherContent(params)
  return {
    caller,
    settings: settingsInput(params),
    namespaceId: params.namespace_id,
    forUserId,
    initializeWithReadme: params.initialize_with_readme,
    importUrl: params.import_url,
    templateName: params.template_name,
    templateProjectId: params.template_project_id,
    repositoryObjectFormat: params.repository_object_format,
    avatar: avatarUpload(params.avatar),
  }
}
