import type { Project } from '@suite/proto'
import { canInProject } from '../auth/abilities.js'
import type { Principal } from '../auth/principal.js'

export type GitOperation = 'download' | 'push'

/** What git over HTTP answers when it refuses: status and git's text (lib/gitlab/git_access.rb). */
export interface GitRefusal {
  status: 401 | 403 | 404
  message: string
}

export const ACCESS_DENIED =
  "HTTP Basic: Access denied. If a password was provided for Git authentication, the password was incorrect or you're required to use a token instead of a password. If a token was provided, it was either incorrect, expired, or improperly scoped."
export const PROJECT_NOT_FOUND =
  "The project you were looking for could not be found or you don't have permission to view it."
const DOWNLOAD_DENIED = 'You are not allowed to download code from this project.'
const PUSH_DENIED = 'You are not allowed to push code to this project.'
const ARCHIVED = 'You are not allowed to push code to an archived project.'

/**
 * Gitlab::GitAccess in GitLab's order, on the abilities the projects service
 * answered with the project. Those already hold the token's scopes (the
 * policy table's, Gitlab::Auth.abilities_for_scopes: read_code for api,
 * read_api, read_repository and write_repository; push_code for api and
 * write_repository), so no scope list is kept here. An anonymous caller who may not do something is
 * asked for credentials (401, so git retries with them), a signed-in one is
 * refused: 404 for a project they cannot read, 403 otherwise (download_code
 * for a clone; for a push, archived first, then push_code).
 */
export function gitRefusal(
  project: Project | undefined,
  principal: Principal,
  operation: GitOperation,
): GitRefusal | undefined {
  const anonymous = !principal.user
  const abilities = project?.abilities
  if (!project || !canInProject(abilities, 'readProject'))
    return anonymous
      ? { status: 401, message: ACCESS_DENIED }
      : { status: 404, message: PROJECT_NOT_FOUND }
  if (operation === 'download') {
    if (canInProject(abilities, 'readCode')) return undefined
    return anonymous
      ? { status: 401, message: ACCESS_DENIED }
      : { status: 403, message: DOWNLOAD_DENIED }
  }
  if (anonymous) return { status: 401, message: ACCESS_DENIED }
  if (project.archived) return { status: 403, message: ARCHIVED }
  return canInProject(abilities, 'pushCode') ? undefined : { status: 403, message: PUSH_DENIED }
}

/** The repository path and the smart HTTP endpoint a request names, or undefined. */
export interface GitRequestTarget {
  fullPath: string
  endpoint: 'info/refs' | 'git-upload-pack' | 'git-receive-pack'
}

const GIT_PATH = /^\/(.+?)(?:\.git)?\/(info\/refs|git-upload-pack|git-receive-pack)$/

export function parseGitPath(path: string): GitRequestTarget | undefined {
  const match = GIT_PATH.exec(path)
  if (!match?.[1] || !match[2]) return undefined
  let fullPath: string
  try {
    fullPath = decodeURIComponent(match[1])
  } catch {
    return undefined
  }
  // Namespaces and project paths: letters, digits, `_`, `-`, `.`, joined by single slashes.
  if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]*(\/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$/.test(fullPath))
    return undefined
  if (fullPath.startsWith('api/') || fullPath.split('/').some((part) => part.endsWith('.git'))) {
    return undefined
  }
  return { fullPath, endpoint: match[2] as GitRequestTarget['endpoint'] }
}

/** Basic credentials: the username, and the password (a token). */
export function basicCredentials(
  authorization: string | undefined,
): { username: string; password: string } | undefined {
  const match = /^basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '')
  if (!match?.[1]) return undefined
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  const password = colon >= 0 ? decoded.slice(colon + 1) : ''
  if (password === '') return undefined
  return { username: colon >= 0 ? decoded.slice(0, colon) : decoded, password }
}

/** Basic credentials: any username, the password a token. */
export function basicPassword(authorization: string | undefined): string | undefined {
  return basicCredentials(authorization)?.password
}

/** The username a CI job clones with, its job token as the password (Gitlab::Auth::CI_JOB_USER). */
export const CI_JOB_USER = 'gitlab-ci-token'

/** A job token may fetch, never push (ci_push_repository_for_job_token_allowed is off). */
export const JOB_TOKEN_PUSH_DENIED = 'You are not allowed to upload code.'
