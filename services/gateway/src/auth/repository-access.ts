import type { Project } from '@suite/proto'
import { forbidden } from '../errors/http-error.js'
import type { Principal } from './principal.js'

export const REPORTER = 20
export const DEVELOPER = 30

/**
 * GitLab's download_code on a project the caller can already see: the
 * repository feature must be on, and private projects or private
 * repositories need Reporter and up. Admins read everything.
 */
export function canReadCode(project: Project, principal: Principal): boolean {
  if (principal.user?.admin) return true
  const feature = project.accessLevels['repository_access_level'] ?? 'enabled'
  if (feature === 'disabled') return false
  if (feature === 'private' || project.visibility === 'private') {
    return project.callerAccessLevel >= REPORTER
  }
  return true
}

/** push_code: Developer and up (admins too), never on an archived project. */
export function canPushCode(project: Project, principal: Principal): boolean {
  if (project.archived || !canReadCode(project, principal)) return false
  return principal.user?.admin === true || project.callerAccessLevel >= DEVELOPER
}

/** authorize_read_code!: 403 Forbidden. */
export function requireReadCode(project: Project, principal: Principal): void {
  if (!canReadCode(project, principal)) throw forbidden()
}

/** authorize_push_project / authorize_admin_tag: 403 Forbidden. */
export function requirePushCode(project: Project, principal: Principal): void {
  if (!canPushCode(project, principal)) throw forbidden()
}
