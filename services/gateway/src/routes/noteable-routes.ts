import type { MergeRequestKey, Project } from '@suite/proto'
import type { ProjectAbility } from '../auth/abilities.js'
import { p } from '../params/coercions.js'

/** The path parameters of a noteable: `:id` and the noteable's iid under its own name. */
export type NoteablePathParams = {
  id: ReturnType<typeof requiredString>
  merge_request_iid?: ReturnType<typeof requiredIid>
  issue_iid?: ReturnType<typeof requiredIid>
  sha?: ReturnType<typeof requiredString>
}

const requiredString = () => p.string().required()
const requiredIid = () => p.iid().required()

/**
 * One noteable type's mount of the notes, discussions and award emoji
 * endpoints, as lib/api/notes.rb, discussions.rb and award_emoji.rb mount the
 * same endpoints for each noteable type: the path, its parameters, and the
 * service's key for it.
 */
export interface NoteableRoute {
  /** The single noteable's path, e.g. /projects/:id/issues/:issue_iid. */
  path: string
  params: NoteablePathParams
  /** Whether its discussions can be resolved (a merge request's). */
  resolvable: boolean
  /** The project ability its award emoji routes ask first (403 without it). */
  readAbility: ProjectAbility
  /** The noteable the parsed path names, as the collaboration service's key. */
  key(
    project: Project,
    params: { merge_request_iid?: number; issue_iid?: number; sha?: string },
  ): MergeRequestKey
}

/** The path's iid, which its declared (required) parameter always carries. */
function iidOf(iid: number | undefined): number {
  if (iid === undefined) throw new Error('the noteable path parameter was not parsed')
  return iid
}

export const MERGE_REQUEST_NOTEABLE: NoteableRoute = {
  path: '/projects/:id/merge_requests/:merge_request_iid',
  params: { id: requiredString(), merge_request_iid: requiredIid() },
  resolvable: true,
  readAbility: 'readMergeRequest',
  key: (project, params) => ({
    projectId: project.id,
    iid: iidOf(params.merge_request_iid),
    noteableType: '',
    commitSha: '',
  }),
}

export const ISSUE_NOTEABLE: NoteableRoute = {
  path: '/projects/:id/issues/:issue_iid',
  params: { id: requiredString(), issue_iid: requiredIid() },
  resolvable: false,
  readAbility: 'readIssue',
  key: (project, params) => ({
    projectId: project.id,
    iid: iidOf(params.issue_iid),
    noteableType: 'Issue',
    commitSha: '',
  }),
}

/**
 * A commit (discussions.rb's noteable type Commit, under repository/commits):
 * the SHA, branch or tag as given; the merge-requests service has the
 * repository role resolve it, and reading needs read_code there.
 */
export const COMMIT_NOTEABLE: NoteableRoute = {
  path: '/projects/:id/repository/commits/:sha',
  params: { id: requiredString(), sha: requiredString() },
  resolvable: false,
  readAbility: 'readCode',
  key: (project, params) => ({
    projectId: project.id,
    iid: 0,
    noteableType: 'Commit',
    commitSha: params.sha ?? '',
  }),
}
