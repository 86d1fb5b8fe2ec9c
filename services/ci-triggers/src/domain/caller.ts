/**
 * Who acts on pipelines, with the abilities the projects service decided for
 * them in one project (ProjectPolicy), as the caller handed them on (or as
 * ci-triggers asked for a trigger's owner).
 */
export interface Caller {
  /** Null for an anonymous caller. */
  userId: number | null
  admin: boolean
  grant: ProjectGrant | undefined
  /** The caller's abilities in the group a request names (identity's GroupPolicy), if any. */
  groupGrant?: GroupGrant
}

/** What ci-triggers reads of a caller's abilities in one group. */
export interface GroupGrant {
  groupId: number
  /** The group's CI/CD variables. */
  adminCicdVariables: boolean
}

/** The pipeline abilities of one caller in one project. */
export interface ProjectGrant {
  projectId: number
  readPipeline: boolean
  createPipeline: boolean
  updatePipeline: boolean
  adminPipeline: boolean
  destroyPipeline: boolean
  adminPipelineTriggers: boolean
  readBuild: boolean
  /** A commit's statuses (read_commit_status). */
  readCommitStatus: boolean
  /** Play, cancel and retry jobs. */
  updateBuild: boolean
  /** Create and manage the project's runners. */
  adminRunner: boolean
  readRunners: boolean
  /** The job token scope's allowlist. */
  adminJobTokenScope: boolean
  /** The project's CI/CD variables (absent: not granted). */
  adminCicdVariables?: boolean
}
