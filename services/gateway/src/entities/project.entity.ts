import { canInProject } from '../auth/abilities.js'
import { presentLicenseBasic } from './license-basic.entity.js'
import { markdownHtml } from './markdown-html.js'
import { isoTime, orNull, type PresentContext } from './present-context.js'
import { presentProjectCiSettings } from './project-ci-settings.entity.js'
import { presentProjectFeatures } from './project-features.entity.js'
import {
  defaultBranchBlobUrl,
  externalHost,
  presentProjectLinks,
  projectUrls,
} from './project-links.js'
import { featureEnabled, projectFlag } from './project-setting-values.js'
import { presentProjectSettings } from './project-settings.entity.js'
import { presentProjectSimple } from './project-simple.entity.js'
import { presentStatistics } from './project-statistics.entity.js'
import type { ProjectView } from './project-view.js'
import { presentUserBasic } from './user-basic.entity.js'

/** NotificationSetting level `global`, what a member has unless changed. */
const GLOBAL_NOTIFICATION_LEVEL = 3

/**
 * permissions.project_access / group_access: the caller's membership level
 * as the projects service reports it (0 without one), shown as data.
 */
function memberAccess(level: number) {
  return level > 0 ? { access_level: level, notification_level: GLOBAL_NOTIFICATION_LEVEL } : null
}

/**
 * API::Entities::ProjectWithAccess: every field of GitLab's Project entity,
 * settings that need :admin_project only for those who have it, statistics
 * for those with :read_statistics when asked, license when asked. The
 * abilities are the caller's in this project, as the projects service answered.
 */
export function presentProject(view: ProjectView, ctx: PresentContext) {
  const { project } = view
  const admin = canInProject(project.abilities, 'adminProject')
  const links = projectUrls(project, ctx)
  const repository = project.repository
  const base = presentProjectSimple(view, ctx)
  const owner = project.ownerId === undefined ? undefined : ctx.users.get(project.ownerId)
  return {
    id: base.id,
    description: base.description,
    name: base.name,
    name_with_namespace: base.name_with_namespace,
    path: base.path,
    path_with_namespace: base.path_with_namespace,
    created_at: base.created_at,
    default_branch: base.default_branch,
    tag_list: base.tag_list,
    topics: base.topics,
    ssh_url_to_repo: base.ssh_url_to_repo,
    http_url_to_repo: base.http_url_to_repo,
    web_url: base.web_url,
    readme_url: defaultBranchBlobUrl(project, links.web_url, repository?.readmePath),
    forks_count: project.forksCount,
    // Only for a fork whose upstream the caller may read (the projects service leaves it out otherwise).
    ...(project.forkedFromProject
      ? {
          forked_from_project: {
            ...presentProjectSimple({ project: project.forkedFromProject }, ctx),
            forks_count: project.forkedFromProject.forksCount,
          },
        }
      : {}),
    ...(view.license
      ? {
          // Repository#license_blob on the default branch: a URL even when its text is not recognised.
          license_url: defaultBranchBlobUrl(project, links.web_url, repository?.licensePath),
          license: repository?.license ? presentLicenseBasic(repository.license) : null,
        }
      : {}),
    avatar_url: base.avatar_url,
    star_count: base.star_count,
    last_activity_at: base.last_activity_at,
    visibility: project.visibility,
    namespace: base.namespace,
    container_registry_image_prefix: `${externalHost(ctx.externalUrl)}:5050/${base.path_with_namespace}`,
    _links: presentProjectLinks(project, ctx),
    packages_enabled: projectFlag(project, 'packages_enabled'),
    empty_repo: repository?.empty ?? true,
    archived: project.archived,
    ...(project.namespaceKind === 'user'
      ? {
          owner: owner
            ? { ...presentUserBasic(owner, ctx), created_at: isoTime(owner.createdAt) }
            : null,
        }
      : {}),
    ...presentProjectFeatures(project),
    creator_id: project.creatorId,
    ...(admin
      ? { import_url: orNull(project.importUrl), import_type: orNull(project.importType) }
      : {}),
    import_status: project.importStatus,
    ...(admin ? { import_error: orNull(project.importError) } : {}),
    ...(featureEnabled(project, 'issues') ? { open_issues_count: project.openIssuesCount } : {}),
    description_html: markdownHtml(project.description ?? ''),
    updated_at: isoTime(project.updatedAt),
    ...(admin ? presentProjectCiSettings(project) : {}),
    ...presentProjectSettings(project),
    ...(view.statistics && canInProject(project.abilities, 'readStatistics')
      ? { statistics: presentStatistics(project) }
      : {}),
    // Only for those with :change_repository_storage (administrators).
    ...(ctx.principal.user?.admin ? { repository_storage: project.repositoryStorage } : {}),
    permissions: {
      project_access: memberAccess(project.callerProjectAccessLevel),
      group_access: memberAccess(project.callerGroupAccessLevel),
    },
  }
}
