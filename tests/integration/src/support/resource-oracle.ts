/**
 * GitLab's rules for the resources of the resource permission matrix,
 * restated for that test alone (it shares nothing with the services'
 * policies): app/policies/project_policy.rb, note_policy.rb, group_policy.rb
 * and EE's, for projects and groups whose features are all enabled.
 */
import { DEVELOPER, GUEST, MAINTAINER, OWNER, REPORTER } from './types'

export type Visibility = 'private' | 'internal' | 'public'

export interface MatrixCaller {
  role: string
  signedIn: boolean
  admin: boolean
  /** Membership level in every fixture project and group (0: none). */
  level: number
}

export const MATRIX_CALLERS: readonly MatrixCaller[] = [
  { role: 'anonymous', signedIn: false, admin: false, level: 0 },
  { role: 'non-member', signedIn: true, admin: false, level: 0 },
  { role: 'guest', signedIn: true, admin: false, level: GUEST },
  { role: 'reporter', signedIn: true, admin: false, level: REPORTER },
  { role: 'developer', signedIn: true, admin: false, level: DEVELOPER },
  { role: 'maintainer', signedIn: true, admin: false, level: MAINTAINER },
  // The owner of the personal namespace holding the projects, Owner of the groups.
  { role: 'owner', signedIn: true, admin: false, level: OWNER },
  { role: 'admin', signedIn: true, admin: true, level: 0 },
]

export interface ProjectShape {
  visibility: Visibility
  /** The project's public_builds ("Public pipelines") setting. */
  publicBuilds: boolean
}

/** What GitLab lets one caller do in one project. */
export interface ProjectOracle {
  readProject: boolean
  readCode: boolean
  readMergeRequest: boolean
  /** NotePolicy#can_read_internal_note (and mark_note_as_internal). */
  readInternalNote: boolean
  readPipeline: boolean
  readBuild: boolean
  readCommitStatus: boolean
  /** read_alert_management_alert (Developer). */
  readAlert: boolean
  /** admin_project, admin_operations, read_project_runners, manage_trigger (Maintainer). */
  maintain: boolean
  /** read_pipeline_variable of a pipeline the owner ran: admin_pipeline (Maintainer). */
  readPipelineVariables: boolean
  /** read_issue: guest_access or public_access (the issues feature is enabled). */
  readIssue: boolean
  /** read_confidential_issues (Reporter, administrators) of an issue the caller neither wrote nor is assigned. */
  readConfidentialIssues: boolean
  /** admin_issue: time tracking on issues (Planner/Reporter and up). */
  adminIssue: boolean
  /** create_issue: guest_access (a signed-in user of a public or internal project, or a Guest). */
  createIssue: boolean
}

/** The caller's level as policies count it: an admin is treated as Owner (admin mode). */
function levelOf(caller: MatrixCaller): number {
  return caller.admin ? OWNER : caller.level
}

export function projectOracle(caller: MatrixCaller, shape: ProjectShape): ProjectOracle {
  const level = levelOf(caller)
  // public_access: a public project for anyone, an internal one for signed-in users.
  const publicAccess =
    shape.visibility === 'public' || (shape.visibility === 'internal' && caller.signedIn)
  const guestAccess = publicAccess ? caller.signedIn || level >= GUEST : level >= GUEST
  const readProject = publicAccess || level >= GUEST
  const reporter = level >= REPORTER
  const readCode = readProject && (publicAccess || reporter)
  const readPipeline =
    readProject && (publicAccess || reporter || (shape.publicBuilds && guestAccess))
  return {
    readProject,
    readCode,
    readMergeRequest: readCode,
    readInternalNote: readProject && reporter,
    readPipeline,
    readBuild: readProject && (reporter || shape.publicBuilds),
    readCommitStatus: readProject && (publicAccess || reporter),
    readAlert: readProject && level >= DEVELOPER,
    maintain: readProject && level >= MAINTAINER,
    readPipelineVariables: readProject && level >= MAINTAINER,
    readIssue: readProject,
    readConfidentialIssues: readProject && reporter,
    adminIssue: readProject && reporter,
    createIssue: readProject && guestAccess,
  }
}

/** What GitLab lets one caller do in one group (top-level, no subgroups). */
export interface GroupOracle {
  readGroup: boolean
  /** can_read_group_member?: not for those without access to a private group. */
  readGroupMember: boolean
  /** owner_access: SAML identities and member roles of a top-level group. */
  owner: boolean
}

export function groupOracle(caller: MatrixCaller, visibility: Visibility): GroupOracle {
  const level = levelOf(caller)
  const readGroup =
    visibility === 'public' || (visibility === 'internal' && caller.signedIn) || level >= GUEST
  return {
    readGroup,
    readGroupMember: readGroup && (visibility !== 'private' || level >= GUEST),
    owner: level >= OWNER,
  }
}

/** How GitLab answers one request, given whether the caller holds what the route needs. */
export interface Gate {
  /** `authenticate!` before anything else: 401 for anonymous callers, readable project or not. */
  authenticate?: boolean
  /** The status when the source is readable but the ability is missing (authorize!: 403). */
  denied?: 403 | 404
}

export function expectedStatus(
  gate: Gate,
  signedIn: boolean,
  readSource: boolean,
  allowed: boolean,
): number {
  if (gate.authenticate === true && !signedIn) return 401
  if (!readSource) return 404
  return allowed ? 200 : (gate.denied ?? 403)
}
