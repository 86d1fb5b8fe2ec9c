/**
 * The blocks of a webhook payload that describe a project and a user
 * (Project#hook_attrs, the deprecated `repository` block, User#hook_attrs).
 */
import { projectAvatarUrl, projectWebUrls, visibilityLevel } from '@suite/runtime'
import type { Project } from './project.js'

/** User#hook_attrs: the email is the public one, else redacted. */
export interface HookUser {
  id: number
  name: string
  username: string
  avatar_url: string | null
  email: string
}

export type ProjectAttrs = ReturnType<typeof projectHookAttrs>

/** Project#hook_attrs with its backward-compatible fields (homepage, url, ssh_url, http_url). */
export function projectHookAttrs(project: Project, externalUrl: string) {
  const urls = projectWebUrls(externalUrl, project.fullPath)
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    web_url: urls.webUrl,
    avatar_url: projectAvatarUrl(externalUrl, project.id, project.avatarFilename),
    git_ssh_url: urls.sshUrl,
    git_http_url: urls.httpUrl,
    // The namespace's own name: the last part of its full name.
    namespace: project.namespace.fullName.split(' / ').pop() ?? project.namespace.fullName,
    visibility_level: visibilityLevel(project.visibility) ?? 0,
    path_with_namespace: project.fullPath,
    default_branch: project.defaultBranch,
    ci_config_path: project.settings.ciConfigPath,
    homepage: urls.webUrl,
    url: urls.sshUrl,
    ssh_url: urls.sshUrl,
    http_url: urls.httpUrl,
  }
}

/**
 * The deprecated `repository` block: name, url, description, homepage; push
 * and tag push payloads add the clone URLs and the visibility level.
 */
export function repositoryHookAttrs(project: Project, externalUrl: string, full: boolean) {
  const urls = projectWebUrls(externalUrl, project.fullPath)
  const block = {
    name: project.name,
    url: urls.sshUrl,
    description: project.description,
    homepage: urls.webUrl,
  }
  if (!full) return block
  return {
    ...block,
    git_http_url: urls.httpUrl,
    git_ssh_url: urls.sshUrl,
    visibility_level: visibilityLevel(project.visibility) ?? 0,
  }
}
