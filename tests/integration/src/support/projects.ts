import { api, eventually, type Params } from './api'
import { createUserWithToken, uniqueName, type UserWithToken } from './factories'
import { rootToken } from './suite-state'
import {
  DEVELOPER,
  GUEST,
  MAINTAINER,
  REPORTER,
  type BranchJson,
  type CommitJson,
  type EventJson,
  type MemberJson,
  type ProjectJson,
} from './types'

function expectStatus(what: string, status: number, expected: number, text: string): void {
  if (status !== expected) {
    throw new Error(`${what}: expected ${expected}, got ${status}: ${text.slice(0, 500)}`)
  }
}

/** `:id` for a project path: `namespace%2Fpath`, as GitLab clients send it. */
export function encodedPath(project: { path_with_namespace: string }): string {
  return encodeURIComponent(project.path_with_namespace)
}

/** Creates a project through POST /projects; name and path are unique unless given. */
export async function createProject(
  token: string,
  attributes: Record<string, unknown> = {},
): Promise<ProjectJson> {
  const path = uniqueName('proj')
  const res = await api<ProjectJson>('/projects', {
    method: 'POST',
    token,
    body: { name: `Project ${path}`, path, ...attributes },
  })
  expectStatus('POST /projects', res.status, 201, res.text)
  return res.body
}

/** Adds a member through POST /projects/:id/members (as root unless a token is given). */
export async function addProjectMember(
  projectId: number,
  userId: number,
  accessLevel: number,
  token: string = rootToken(),
): Promise<MemberJson> {
  const res = await api<MemberJson>(`/projects/${projectId}/members`, {
    method: 'POST',
    token,
    body: { user_id: userId, access_level: accessLevel },
  })
  expectStatus('POST /projects/:id/members', res.status, 201, res.text)
  return res.body
}

export interface CommitAction {
  action: 'create' | 'update' | 'delete' | 'move' | 'chmod'
  file_path: string
  content?: string
  previous_path?: string
  encoding?: string
}

/** Commits through POST /projects/:id/repository/commits. */
export async function commitFiles(
  token: string,
  projectId: number,
  branch: string,
  actions: CommitAction[],
  extra: Record<string, unknown> = {},
): Promise<CommitJson> {
  const res = await api<CommitJson>(`/projects/${projectId}/repository/commits`, {
    method: 'POST',
    token,
    body: { branch, commit_message: `Commit on ${branch}`, actions, ...extra },
  })
  expectStatus('POST /projects/:id/repository/commits', res.status, 201, res.text)
  return res.body
}

/** Creates a branch through POST /projects/:id/repository/branches. */
export async function createBranch(
  token: string,
  projectId: number,
  branch: string,
  ref: string,
): Promise<BranchJson> {
  const res = await api<BranchJson>(`/projects/${projectId}/repository/branches`, {
    method: 'POST',
    token,
    body: { branch, ref },
  })
  expectStatus('POST /projects/:id/repository/branches', res.status, 201, res.text)
  return res.body
}

/**
 * Protects `branch` again so that Developers may merge into it: a project's
 * default branch is protected for Maintainers from its creation, and GitLab's
 * API changes a rule's levels by removing the rule and adding it anew.
 */
export async function letDevelopersMerge(
  token: string,
  projectId: number,
  branch: string,
): Promise<void> {
  const rule = `/projects/${projectId}/protected_branches/${encodeURIComponent(branch)}`
  const removed = await api(rule, { method: 'DELETE', token })
  expectStatus('DELETE /projects/:id/protected_branches/:name', removed.status, 204, removed.text)
  const created = await api(`/projects/${projectId}/protected_branches`, {
    method: 'POST',
    token,
    body: { name: branch, merge_access_level: 30 },
  })
  expectStatus('POST /projects/:id/protected_branches', created.status, 201, created.text)
}

/** A project initialised with a README (one commit on `main`), owned by a fresh user. */
export async function projectWithReadme(
  attributes: Record<string, unknown> = {},
): Promise<{ owner: UserWithToken; project: ProjectJson }> {
  const owner = await createUserWithToken()
  const project = await createProject(owner.token, { initialize_with_readme: true, ...attributes })
  return { owner, project }
}

export interface RoleCast {
  owner: UserWithToken
  guest: UserWithToken
  reporter: UserWithToken
  developer: UserWithToken
  maintainer: UserWithToken
  /** Signed in, not a member. */
  stranger: UserWithToken
}

/** Fresh users: an owner and one member at each role below Owner, plus a non-member. */
export async function castRoles(): Promise<RoleCast> {
  const [owner, guest, reporter, developer, maintainer, stranger] = await Promise.all(
    Array.from({ length: 6 }, () => createUserWithToken()),
  )
  return {
    owner: owner as UserWithToken,
    guest: guest as UserWithToken,
    reporter: reporter as UserWithToken,
    developer: developer as UserWithToken,
    maintainer: maintainer as UserWithToken,
    stranger: stranger as UserWithToken,
  }
}

/** A project of `cast.owner` with the cast's members added at their roles. */
export async function projectForCast(
  cast: RoleCast,
  attributes: Params = {},
): Promise<ProjectJson> {
  const project = await createProject(cast.owner.token, attributes)
  await Promise.all([
    addProjectMember(project.id, cast.guest.user.id, GUEST, cast.owner.token),
    addProjectMember(project.id, cast.reporter.user.id, REPORTER, cast.owner.token),
    addProjectMember(project.id, cast.developer.user.id, DEVELOPER, cast.owner.token),
    addProjectMember(project.id, cast.maintainer.user.id, MAINTAINER, cast.owner.token),
  ])
  return project
}

/**
 * Polls GET `path` (an events endpoint) until `match` finds an event; returns it,
 * or undefined when none appeared in time. Events are written by a worker.
 */
export async function waitForEvent(
  path: string,
  token: string | undefined,
  match: (event: EventJson) => boolean,
  query: Params = {},
  timeoutMs = 15_000,
): Promise<EventJson | undefined> {
  let found: EventJson | undefined
  await eventually(async () => {
    const res = await api<EventJson[]>(path, { token, query: { per_page: 100, ...query } })
    if (res.status !== 200 || !Array.isArray(res.body)) return false
    found = res.body.find(match)
    return found !== undefined
  }, timeoutMs)
  return found
}
