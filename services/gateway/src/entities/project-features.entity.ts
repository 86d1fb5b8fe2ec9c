import type { Project } from '@suite/proto'
import { presentContainerExpirationPolicy } from './container-expiration-policy.entity.js'
import { featureAccessLevel, featureEnabled, projectFlag } from './project-setting-values.js'

/**
 * The features of GitLab's Project entity: which are on, who may use them
 * (`<feature>_access_level`) and the deprecated `<feature>_enabled` booleans.
 * `level` is the caller's access level in the project.
 */
export function presentProjectFeatures(project: Project, level: number) {
  const createdAt = project.createdAt ?? new Date(0)
  const emailsEnabled = projectFlag(project, 'emails_enabled')
  return {
    resolve_outdated_diff_discussions: projectFlag(project, 'resolve_outdated_diff_discussions'),
    container_expiration_policy: presentContainerExpirationPolicy(project, createdAt),
    repository_object_format: project.repositoryObjectFormat || 'sha1',
    issues_enabled: featureEnabled(project, 'issues'),
    merge_requests_enabled: featureEnabled(project, 'merge_requests'),
    wiki_enabled: featureEnabled(project, 'wiki'),
    jobs_enabled: featureEnabled(project, 'builds'),
    snippets_enabled: featureEnabled(project, 'snippets'),
    container_registry_enabled: featureEnabled(project, 'container_registry'),
    service_desk_enabled: projectFlag(project, 'service_desk_enabled'),
    service_desk_address: null,
    can_create_merge_request_in: level >= 30,
    issues_access_level: featureAccessLevel(project, 'issues'),
    repository_access_level: featureAccessLevel(project, 'repository'),
    merge_requests_access_level: featureAccessLevel(project, 'merge_requests'),
    forking_access_level: featureAccessLevel(project, 'forking'),
    wiki_access_level: featureAccessLevel(project, 'wiki'),
    builds_access_level: featureAccessLevel(project, 'builds'),
    snippets_access_level: featureAccessLevel(project, 'snippets'),
    pages_access_level: featureAccessLevel(project, 'pages'),
    analytics_access_level: featureAccessLevel(project, 'analytics'),
    container_registry_access_level: featureAccessLevel(project, 'container_registry'),
    security_and_compliance_access_level: featureAccessLevel(project, 'security_and_compliance'),
    releases_access_level: featureAccessLevel(project, 'releases'),
    environments_access_level: featureAccessLevel(project, 'environments'),
    feature_flags_access_level: featureAccessLevel(project, 'feature_flags'),
    infrastructure_access_level: featureAccessLevel(project, 'infrastructure'),
    monitor_access_level: featureAccessLevel(project, 'monitor'),
    model_experiments_access_level: featureAccessLevel(project, 'model_experiments'),
    model_registry_access_level: featureAccessLevel(project, 'model_registry'),
    package_registry_access_level: featureAccessLevel(project, 'package_registry'),
    emails_disabled: !emailsEnabled,
    emails_enabled: emailsEnabled,
    shared_runners_enabled: projectFlag(project, 'shared_runners_enabled'),
    lfs_enabled: projectFlag(project, 'lfs_enabled'),
  }
}
