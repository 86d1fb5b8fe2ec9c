import type { Project } from '@suite/proto'
import { isoTime, orNull, type PresentContext } from './present-context.js'
import { projectAvatarUrl } from './project-avatar-url.js'
import { projectUrls } from './project-links.js'
import { presentProjectNamespace } from './project-namespace.entity.js'
import type { ProjectView } from './project-view.js'

/**
 * API::Entities::BasicProjectDetails as GitLab lists it with simple=true or
 * to anonymous callers (visibility only for a signed-in caller).
 */
export function presentProjectSimple({ project }: ProjectView, ctx: PresentContext) {
  const links = projectUrls(project, ctx)
  return {
    id: project.id,
    description: orNull(project.description),
    name: project.name,
    name_with_namespace: `${project.namespaceFullName} / ${project.name}`,
    path: project.path,
    path_with_namespace: `${project.namespaceFullPath}/${project.path}`,
    created_at: isoTime(project.createdAt),
    default_branch: orNull(project.defaultBranch),
    tag_list: sortedTopics(project),
    topics: sortedTopics(project),
    ssh_url_to_repo: links.ssh_url_to_repo,
    http_url_to_repo: links.http_url_to_repo,
    web_url: links.web_url,
    avatar_url: projectAvatarUrl(project, ctx.externalUrl),
    star_count: project.starCount,
    last_activity_at: isoTime(project.lastActivityAt),
    ...(ctx.principal.user ? { visibility: project.visibility } : {}),
    namespace: presentProjectNamespace(project, ctx),
  }
}

/** GitLab sorts topic names (BasicProjectDetails#topic_names). */
function sortedTopics(project: Project): string[] {
  return [...project.topics].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}
