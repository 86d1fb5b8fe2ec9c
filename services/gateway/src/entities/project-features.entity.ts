import type { Project } from '@suite/proto'
import { canInProject } from '../auth/abilities.js'
import {
  FEATURE_ACCESS_LEVEL_FIELDS,
  FEATURE_BOOLEANS,
  PROJECT_FEATURES,
} from '../params/project-features.js'
import { presentContainerExpirationPolicy } from './container-expiration-policy.entity.js'
import { featureAccessLevel, featureEnabled, projectFlag } from './project-setting-values.js'

/** The deprecated `<feature>_enabled` booleans: whether the feature is on. */
function featureBooleans(project: Project): Record<string, boolean> {
  return Object.fromEntries(
    Object.entries(FEATURE_BOOLEANS).map(([name, feature]) => [
      name,
      featureEnabled(project, feature),
    ]),
  )
}

/** Every `<feature>_access_level` field, as GitLab writes the level. */
function featureAccessLevels(project: Project): Record<string, string> {
  return Object.fromEntries(
    PROJECT_FEATURES.map((feature) => [
      FEATURE_ACCESS_LEVEL_FIELDS[feature].name,
      featureAccessLevel(project, feature),
    ]),
  )
}

/**
 * The features of GitLab's Project entity: which are on, who may use them
 * (`<feature>_access_level`) and the deprecated `<feature>_enabled` booleans.
 */
export function presentProjectFeatures(project: Project) {
  const createdAt = project.createdAt ?? new Date(0)
  const emailsEnabled = projectFlag(project, 'emails_enabled')
  return {
    resolve_outdated_diff_discussions: projectFlag(project, 'resolve_outdated_diff_discussions'),
    container_expiration_policy: presentContainerExpirationPolicy(project, createdAt),
    repository_object_format: project.repositoryObjectFormat || 'sha1',
    ...featureBooleans(project),
    service_desk_enabled: projectFlag(project, 'service_desk_enabled'),
    service_desk_address: null,
    can_create_merge_request_in: canInProject(project.abilities, 'createMergeRequestIn'),
    ...featureAccessLevels(project),
    emails_disabled: !emailsEnabled,
    emails_enabled: emailsEnabled,
    shared_runners_enabled: projectFlag(project, 'shared_runners_enabled'),
    lfs_enabled: projectFlag(project, 'lfs_enabled'),
  }
}
