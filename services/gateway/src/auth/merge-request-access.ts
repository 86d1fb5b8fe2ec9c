import type { Project } from '@suite/proto'
import { forbidden } from '../errors/http-error.js'
import type { Principal } from './principal.js'
import { REPORTER } from './repository-access.js'

/**
 * GitLab's read_merge_request on a project the caller can already see: the
 * merge requests feature must be on, and a private project or private
 * feature needs Reporter and up (ProjectFeature's private-feature minimum
 * for merge requests). Admins read everything.
 */
export function canReadMergeRequests(project: Project, principal: Principal): boolean {
  if (principal.user?.admin) return true
  const feature = project.accessLevels['merge_requests_access_level'] ?? 'enabled'
  if (feature === 'disabled') return false
  if (feature === 'private' || project.visibility === 'private') {
    return project.callerAccessLevel >= REPORTER
  }
  return true
}

/** authorize_read_merge_request!: 403 Forbidden. */
export function requireReadMergeRequests(project: Project, principal: Principal): void {
  if (!canReadMergeRequests(project, principal)) throw forbidden()
}
