import { api, eventually, type Params } from './api'
import { uniqueName, type UserWithToken } from './factories'
import { commitFiles, createProject, type CommitAction } from './projects'
import { baseUrl } from './suite-state'
import type { BranchJson, CommitJson, ProjectJson, UserJson } from './types'

/**
 * Helpers for the merge request tests: projects with branches, merge requests
 * and polling for what the diff-collection and merge-status workers fill in.
 */

export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
export const SHA = /^[0-9a-f]{40}$/

/** Workers on two shared cores can lag; every poll waits this long before failing. */
export const WORKER_TIMEOUT_MS = 40_000

export interface UserRefJson {
  id: number
  username: string
  name: string
  state: string
  avatar_url: string | null
  web_url: string
  [field: string]: unknown
}

export interface LabelJson {
  name: string
  color: string
  description: string | null
  description_html: string | null
  text_color: string
  [field: string]: unknown
}

export interface MilestoneJson {
  id: number
  iid: number
  project_id: number
  title: string
  description: string | null
  state: string
  web_url: string
  [field: string]: unknown
}

export interface TimeStatsJson {
  time_estimate: number
  total_time_spent: number
  human_time_estimate: string | null
  human_total_time_spent: string | null
}

export interface DiffRefsJson {
  base_sha: string | null
  head_sha: string | null
  start_sha: string | null
}

export interface MergeRequestJson {
  id: number
  iid: number
  project_id: number
  source_project_id: number
  target_project_id: number
  title: string
  description: string | null
  state: string
  source_branch: string
  target_branch: string
  author: UserRefJson
  assignee: UserRefJson | null
  assignees: UserRefJson[]
  reviewers: UserRefJson[]
  labels: (string | LabelJson)[]
  milestone: MilestoneJson | null
  draft: boolean
  work_in_progress: boolean
  merge_status: string
  detailed_merge_status: string
  has_conflicts: boolean
  sha: string | null
  merge_commit_sha: string | null
  squash_commit_sha: string | null
  merge_user: UserRefJson | null
  merged_by: UserRefJson | null
  closed_by: UserRefJson | null
  merged_at: string | null
  closed_at: string | null
  created_at: string
  updated_at: string
  upvotes: number
  downvotes: number
  web_url: string
  references: { short: string; relative: string; full: string }
  time_stats: TimeStatsJson
  diff_refs?: DiffRefsJson | null
  changes_count?: string | null
  subscribed?: boolean
  group_id?: number
  [field: string]: unknown
}

export interface DiffFileJson {
  old_path: string
  new_path: string
  a_mode: string
  b_mode: string
  diff: string
  new_file: boolean
  renamed_file: boolean
  deleted_file: boolean
  generated_file?: boolean
  collapsed?: boolean
  too_large?: boolean
  [field: string]: unknown
}

export interface DiffVersionJson {
  id: number
  head_commit_sha: string
  base_commit_sha: string
  start_commit_sha: string
  created_at: string
  merge_request_id: number
  state: string
  real_size: string
  patch_id_sha: string | null
  commits?: (CommitJson & Record<string, unknown>)[]
  diffs?: DiffFileJson[]
  [field: string]: unknown
}

type Kind = 'string' | 'number' | 'boolean' | 'array' | 'object'
export type FieldType = Kind | `${Kind}?`

/** Fields of the merge request table (spec document 1) present in every list item; `?` allows null. */
export const MERGE_REQUEST_BASIC_FIELDS: Record<string, FieldType> = {
  id: 'number',
  iid: 'number',
  project_id: 'number',
  source_project_id: 'number',
  target_project_id: 'number',
  title: 'string',
  description: 'string?',
  state: 'string',
  imported: 'boolean',
  imported_from: 'string',
  created_at: 'string',
  updated_at: 'string',
  closed_at: 'string?',
  merged_at: 'string?',
  prepared_at: 'string?',
  merge_after: 'string?',
  closed_by: 'object?',
  merge_user: 'object?',
  merged_by: 'object?',
  author: 'object',
  assignee: 'object?',
  assignees: 'array',
  reviewers: 'array',
  source_branch: 'string',
  target_branch: 'string',
  upvotes: 'number',
  downvotes: 'number',
  user_notes_count: 'number',
  labels: 'array',
  milestone: 'object?',
  draft: 'boolean',
  work_in_progress: 'boolean',
  merge_when_pipeline_succeeds: 'boolean',
  merge_status: 'string',
  detailed_merge_status: 'string',
  has_conflicts: 'boolean',
  blocking_discussions_resolved: 'boolean',
  sha: 'string?',
  merge_commit_sha: 'string?',
  squash_commit_sha: 'string?',
  squash: 'boolean',
  squash_on_merge: 'boolean',
  should_remove_source_branch: 'boolean?',
  force_remove_source_branch: 'boolean?',
  discussion_locked: 'boolean?',
  allow_collaboration: 'boolean',
  allow_maintainer_to_push: 'boolean',
  web_url: 'string',
  reference: 'string',
  references: 'object',
  time_stats: 'object',
  task_completion_status: 'object',
  approvals_before_merge: 'number?',
}

/** The single-request answer adds these (Entities::MergeRequest). */
export const MERGE_REQUEST_FIELDS: Record<string, FieldType> = {
  ...MERGE_REQUEST_BASIC_FIELDS,
  merge_error: 'string?',
  subscribed: 'boolean',
  changes_count: 'string?',
  latest_build_started_at: 'string?',
  latest_build_finished_at: 'string?',
  first_deployed_to_production_at: 'string?',
  pipeline: 'object?',
  diff_refs: 'object?',
  diverged_commits_count: 'number?',
}

function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

/** [field, expected type, actual kind] for every field whose value does not have its type. */
export function fieldTypeMismatches(
  body: Record<string, unknown>,
  fields: Record<string, FieldType>,
): [string, string, string][] {
  const wrong: [string, string, string][] = []
  for (const [field, type] of Object.entries(fields)) {
    const nullable = type.endsWith('?')
    const kind = type.replace('?', '')
    const actual = field in body ? kindOf(body[field]) : 'missing'
    if (actual === kind || (nullable && actual === 'null')) continue
    wrong.push([field, type, actual])
  }
  return wrong
}

/** What a user reference object must hold for `user`. */
export function userRef(user: Pick<UserJson, 'id' | 'username' | 'name'>): unknown {
  return expect.objectContaining({
    id: user.id,
    username: user.username,
    name: user.name,
    state: 'active',
    web_url: `${baseUrl()}/${user.username}`,
  })
}

function expectStatus(what: string, status: number, expected: number, text: string): void {
  if (status !== expected) {
    throw new Error(`${what}: expected ${expected}, got ${status}: ${text.slice(0, 500)}`)
  }
}

export const mrPath = (projectId: number | string, iid?: number, tail = ''): string =>
  `/projects/${projectId}/merge_requests${iid === undefined ? '' : `/${iid}`}${tail}`

/** The head SHA of a branch (GET .../repository/branches/:branch). */
export async function branchHead(token: string, projectId: number, branch: string) {
  const res = await api<BranchJson>(
    `/projects/${projectId}/repository/branches/${encodeURIComponent(branch)}`,
    { token },
  )
  expectStatus(`GET branch ${branch}`, res.status, 200, res.text)
  return res.body.commit.id
}

/**
 * Creates `branch` from `from` with one commit of `actions` (by default one new
 * file named after the branch); returns the new head SHA.
 */
export async function featureBranch(
  token: string,
  projectId: number,
  branch: string,
  actions?: CommitAction[],
  from = 'main',
  message = `Work on ${branch}`,
): Promise<string> {
  const commit = await commitFiles(
    token,
    projectId,
    branch,
    actions ?? [{ action: 'create', file_path: `${branch}.txt`, content: `${branch}\n` }],
    { start_branch: from, commit_message: message },
  )
  return commit.id
}

/** Adds one commit to an existing branch; returns the new head SHA. */
export async function commitTo(
  token: string,
  projectId: number,
  branch: string,
  actions: CommitAction[],
  message = `More work on ${branch}`,
): Promise<string> {
  const commit = await commitFiles(token, projectId, branch, actions, { commit_message: message })
  return commit.id
}

/** POST /projects/:id/merge_requests; fails unless 201. */
export async function createMergeRequest(
  token: string,
  projectId: number,
  body: Params | Record<string, unknown>,
): Promise<MergeRequestJson> {
  const res = await api<MergeRequestJson>(mrPath(projectId), { method: 'POST', token, body })
  expectStatus('POST /projects/:id/merge_requests', res.status, 201, res.text)
  return res.body
}

/** A fresh branch (one new file) and a merge request from it into `target`. */
export async function openMergeRequest(
  token: string,
  projectId: number,
  attributes: Record<string, unknown> = {},
  target = 'main',
): Promise<{ mr: MergeRequestJson; branch: string; head: string }> {
  const branch = uniqueName('mr')
  const head = await featureBranch(token, projectId, branch, undefined, target)
  const mr = await createMergeRequest(token, projectId, {
    source_branch: branch,
    target_branch: target,
    title: `Change ${branch}`,
    ...attributes,
  })
  return { mr, branch, head }
}

/** GET one merge request; fails unless 200. */
export async function getMergeRequest(
  token: string | undefined,
  projectId: number,
  iid: number,
  query: Params = {},
): Promise<MergeRequestJson> {
  const res = await api<MergeRequestJson>(mrPath(projectId, iid), { token, query })
  expectStatus(`GET merge request !${iid}`, res.status, 200, res.text)
  return res.body
}

/**
 * Polls GET of the merge request until `done` holds (workers fill diff_refs and
 * merge status asynchronously); returns the last answer, or throws with it.
 */
export async function waitForMergeRequest(
  token: string,
  projectId: number,
  iid: number,
  what: string,
  done: (mr: MergeRequestJson) => boolean,
  timeoutMs = WORKER_TIMEOUT_MS,
): Promise<MergeRequestJson> {
  let last: MergeRequestJson | undefined
  const ok = await eventually(
    async () => {
      const res = await api<MergeRequestJson>(mrPath(projectId, iid), { token })
      if (res.status !== 200) return false
      last = res.body
      return done(res.body)
    },
    timeoutMs,
    300,
  )
  if (!ok || !last) {
    const seen = last && {
      sha: last.sha,
      diff_refs: last.diff_refs,
      changes_count: last.changes_count,
      merge_status: last.merge_status,
      detailed_merge_status: last.detailed_merge_status,
      has_conflicts: last.has_conflicts,
    }
    throw new Error(`!${iid}: ${what} not seen in ${timeoutMs} ms; last: ${JSON.stringify(seen)}`)
  }
  return last
}

/** Waits until the diff of `head` is collected (sha and diff_refs.head_sha). */
export function waitForDiff(token: string, projectId: number, iid: number, head: string) {
  return waitForMergeRequest(
    token,
    projectId,
    iid,
    `diff of ${head}`,
    (mr) => mr.sha === head && mr.diff_refs?.head_sha === head,
  )
}

/** Waits until merge_status is `status` for the current diff head `head`. */
export function waitForMergeStatus(
  token: string,
  projectId: number,
  iid: number,
  head: string,
  status: string,
) {
  return waitForMergeRequest(
    token,
    projectId,
    iid,
    `merge_status ${status} at ${head}`,
    (mr) => mr.sha === head && mr.merge_status === status,
  )
}

/** POST /projects/:id/milestones; fails unless 201. */
export async function createMilestone(
  token: string,
  projectId: number,
  attributes: Record<string, unknown> = {},
): Promise<MilestoneJson> {
  const res = await api<MilestoneJson>(`/projects/${projectId}/milestones`, {
    method: 'POST',
    token,
    body: { title: uniqueName('ms'), ...attributes },
  })
  expectStatus('POST /projects/:id/milestones', res.status, 201, res.text)
  return res.body
}

/** A project of `owner` with a README on main, and main's head SHA. */
export async function projectWithMain(
  owner: UserWithToken,
  attributes: Record<string, unknown> = {},
): Promise<{ project: ProjectJson; mainSha: string }> {
  const project = await createProject(owner.token, { initialize_with_readme: true, ...attributes })
  const mainSha = await branchHead(owner.token, project.id, 'main')
  return { project, mainSha }
}

/** The ids of a list answer, in order. */
export function ids(items: { id: number }[]): number[] {
  return items.map((item) => item.id)
}

/** The iids of a list answer, sorted ascending (for order-independent comparison). */
export function sortedIids(items: { iid: number }[]): number[] {
  return items.map((item) => item.iid).sort((a, b) => a - b)
}
