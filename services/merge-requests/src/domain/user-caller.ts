/**
 * A user the suite acts for in the background (an auto-merge's merge user,
 * the user who opened a request or pushed to it), as a caller in a project.
 */
import type { Caller } from './caller.js'
import type { ActiveUser, MergeRequestsDeps } from './ports.js'

/** The scopes a user acts with in the background: GitLab acts as them, unscoped. */
const BACKGROUND_SCOPES = ['api']

/** The user as a caller in `projectId` with their grants there; undefined when not active. */
export async function activeUserCaller(
  deps: Pick<MergeRequestsDeps, 'ports'>,
  userId: number,
  projectId: number,
): Promise<{ caller: Caller; user: ActiveUser } | undefined> {
  const user = await deps.ports.users.findActiveUser(userId)
  if (!user) return undefined
  const base: Caller = { userId: user.id, admin: user.admin, scopes: BACKGROUND_SCOPES }
  const grants = await deps.ports.projects.findGrants(base, projectId)
  return { caller: { ...base, project: grants }, user }
}
