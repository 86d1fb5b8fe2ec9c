/**
 * Who may be named an assignee or reviewer (IssuableBaseService#
 * filter_assignees_with_key and user_can_read?): users that exist, are active
 * and may read the issuable's kind in its project, as the projects service
 * decides for each of them. Others are dropped without an error, as GitLab does.
 */
import type { ProjectGrants } from './caller.js'
import type { MergeRequestsDeps } from './ports.js'

/** The scopes a named user is asked about with: GitLab checks the user, not a token. */
const USER_SCOPES = ['api']

/** The users among `ids` (0 and unknown ids dropped) who hold `ability` in the project, each once. */
export async function usersWhoCanRead(
  deps: Pick<MergeRequestsDeps, 'ports'>,
  projectId: number,
  ids: readonly number[],
  ability: keyof Pick<ProjectGrants, 'readMergeRequest' | 'readIssue'>,
): Promise<number[]> {
  const wanted = [...new Set(ids.filter((id) => id > 0))]
  const readable = await Promise.all(
    wanted.map(async (id) => {
      const user = await deps.ports.users.findActiveUser(id)
      if (!user) return false
      const caller = { userId: user.id, admin: user.admin, scopes: USER_SCOPES }
      const grants = await deps.ports.projects.findGrants(caller, projectId)
      return grants?.[ability] === true
    }),
  )
  return wanted.filter((_, index) => readable[index])
}
