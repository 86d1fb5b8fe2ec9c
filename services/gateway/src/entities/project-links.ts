import type { Project } from '@suite/proto'
import { projectWebUrls } from '@suite/runtime'
import type { PresentContext } from './present-context.js'

export { externalHost } from '@suite/runtime'

/** web_url and the two clone URLs. */
export function projectUrls(project: Project, ctx: PresentContext) {
  const urls = projectWebUrls(ctx.externalUrl, `${project.namespaceFullPath}/${project.path}`)
  return { web_url: urls.webUrl, ssh_url_to_repo: urls.sshUrl, http_url_to_repo: urls.httpUrl }
}

/** A file's blob URL on the default branch, or null without a file or a default branch. */
export function defaultBranchBlobUrl(
  project: Project,
  webUrl: string,
  path: string | undefined,
): string | null {
  return path && project.defaultBranch ? `${webUrl}/-/blob/${project.defaultBranch}/${path}` : null
}

/** The `_links` of a project: its API resources. */
export function presentProjectLinks(project: Project, ctx: PresentContext) {
  const api = `${ctx.externalUrl}/api/v4/projects/${project.id}`
  return {
    self: api,
    issues: `${api}/issues`,
    merge_requests: `${api}/merge_requests`,
    repo_branches: `${api}/repository/branches`,
    labels: `${api}/labels`,
    events: `${api}/events`,
    members: `${api}/members`,
    cluster_agents: `${api}/cluster_agents`,
  }
}
