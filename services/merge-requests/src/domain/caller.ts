/**
 * Who asks, as the gateway authenticated them, with the abilities the
 * projects service decided for them in the project of the request.
 */
import type { AccessLevel } from '@suite/proto'

/** The caller's abilities in one project, as the projects service decided them. */
export interface ProjectGrants {
  projectId: number
  /** The effective membership level (for "is a member" only). */
  accessLevel: AccessLevel
  readProject: boolean
  readMergeRequest: boolean
  createMergeRequestIn: boolean
  createMergeRequestFrom: boolean
  updateMergeRequest: boolean
  adminMergeRequest: boolean
  destroyMergeRequest: boolean
  pushCode: boolean
  /** Handed on when the repository role answers for the caller (may they merge into a branch). */
  readCode: boolean
  pushToProtectedBranch: boolean
  readPipeline: boolean
  createPipeline: boolean
  readMilestone: boolean
  adminMilestone: boolean
  readLabel: boolean
  awardEmoji: boolean
  /** Internal notes: read them and mark notes internal (Reporter). */
  readInternalNote: boolean
  /** Edit and delete others' notes (Maintainer). */
  adminNote: boolean
  /** Resolve discussions (Developer). */
  resolveNote: boolean
  /** Backdate a note (Owner). */
  setNoteCreatedAt: boolean
  /** Issues (ProjectPolicy): read, open, edit, administer, read confidential ones, delete. */
  readIssue: boolean
  createIssue: boolean
  updateIssue: boolean
  adminIssue: boolean
  readConfidentialIssues: boolean
  destroyIssue: boolean
}

/** Who asks: the signed-in user (if any) and their abilities in the project of the request. */
export interface Caller {
  /** Absent for an anonymous caller. */
  userId?: number | undefined
  admin: boolean
  /** The token's scopes, handed on when this service asks another one for the caller. */
  scopes: readonly string[]
  /** The abilities in the project the request names, when it names one. */
  project?: ProjectGrants | undefined
}
