/**
 * What the projects service's policy (GitLab's ProjectPolicy) lets the caller
 * do with one project's members, as the gateway hands it over with the call.
 * Identity does not re-derive these: the project, its visibility and the
 * caller's abilities in it are the projects service's to decide.
 */
export interface ProjectMemberAbilities {
  projectId: number
  readProject: boolean
  readProjectMember: boolean
  adminProjectMember: boolean
  manageOwners: boolean
}

/** Who asks, as the gateway authenticated them. */
export interface Caller {
  /** Absent for an anonymous caller. */
  userId: number | undefined
  admin: boolean
  scopes: readonly string[]
  /** The caller's abilities in the project named by the request, when it names one. */
  project?: ProjectMemberAbilities | undefined
}

export const ANONYMOUS: Caller = Object.freeze({ userId: undefined, admin: false, scopes: [] })
