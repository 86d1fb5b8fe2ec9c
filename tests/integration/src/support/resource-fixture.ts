/**
 * The fixture of the resource permission matrix: the callers' users, one
 * project per (visibility, public pipelines) with every resource the matrix
 * reads, and the groups, all owned by the "owner" user.
 */
import { api } from './api'
import { createIntegration, notify, type AlertJson } from './alerts'
import { createPipeline, pipelineJobs, pushFiles } from './ci-jobs'
import { addMember, createGroup, uniqueName, type UserWithToken } from './factories'
import { openMergeRequest, type MergeRequestJson } from './merge-requests'
import { addProjectMember, createProject } from './projects'
import type { MatrixCaller, ProjectShape, Visibility } from './resource-oracle'
import { rootToken } from './suite-state'
import { DEVELOPER, GUEST, MAINTAINER, REPORTER, type GroupJson, type ProjectJson } from './types'

export const VISIBILITIES: readonly Visibility[] = ['private', 'internal', 'public']
export const SHAPES: readonly ProjectShape[] = VISIBILITIES.flatMap((visibility) => [
  { visibility, publicBuilds: true },
  { visibility, publicBuilds: false },
])
export const shapeName = (s: ProjectShape): string =>
  `${s.visibility} project, public pipelines ${s.publicBuilds ? 'on' : 'off'}`

/** The key of the CI/CD variable every fixture project and group has. */
export const MATRIX_VARIABLE = 'MATRIX_VAR'

export interface ProjectFixture {
  shape: ProjectShape
  project: ProjectJson
  mr: MergeRequestJson
  sha: string
  tag: string
  publicNoteId: number
  internalNoteId: number
  pipelineId: number
  jobId: number
  alertIid: number
  integrationId: number
  hookId: number
  triggerId: number
  /** An issue and a confidential issue, both by the owner, with no assignee. */
  issueIid: number
  confidentialIssueIid: number
  /** On the plain issue: a plain note and an internal one, by the owner. */
  issueNoteId: number
  issueInternalNoteId: number
  /** A discussion the owner started on the confidential issue. */
  confidentialIssueDiscussionId: string
  /** The first note of that thread. */
  confidentialIssueNoteId: number
  /** The owner's thumbsup on the plain issue. */
  issueAwardId: number
  /** A discussion the owner started on the commit `sha`, and its first note. */
  commitDiscussionId: string
  commitNoteId: number
}

export interface GroupFixture {
  name: string
  visibility: Visibility
  /** A subgroup's members are the parent's, inherited; it has no SAML or member roles of its own. */
  topLevel: boolean
  group: GroupJson
  samlUid: string
}

/** The groups: one top-level group per visibility, and a private subgroup of the private one. */
export const GROUP_SHAPES = [
  ...VISIBILITIES.map((visibility) => ({
    name: `${visibility} group`,
    visibility,
    topLevel: true,
  })),
  { name: 'private subgroup of the private group', visibility: 'private', topLevel: false },
] as const satisfies readonly { name: string; visibility: Visibility; topLevel: boolean }[]

export const mrBase = (f: ProjectFixture): string =>
  `/projects/${f.project.id}/merge_requests/${f.mr.iid}`
export const projectBase = (f: ProjectFixture): string => `/projects/${f.project.id}`

/** The discussion id of each fixture note. */
export const discussionOf = new Map<number, string>()

/** The first diff version of each fixture project's merge request. */
export const versionOf = new Map<number, number>()

export const users = new Map<string, UserWithToken>()
export const projects: ProjectFixture[] = []
export const groups: GroupFixture[] = []

export function ownerUser(): UserWithToken {
  const owner = users.get('owner')
  if (!owner) throw new Error('no owner')
  return owner
}

export function tokenOf(caller: MatrixCaller): string | undefined {
  if (!caller.signedIn) return undefined
  if (caller.admin) return rootToken()
  const user = users.get(caller.role)
  if (!user) throw new Error(`no user for ${caller.role}`)
  return user.token
}

export const MEMBER_ROLES = [
  ['guest', GUEST],
  ['reporter', REPORTER],
  ['developer', DEVELOPER],
  ['maintainer', MAINTAINER],
] as const

export function memberOf(role: string): UserWithToken {
  const user = users.get(role)
  if (!user) throw new Error(`no user for ${role}`)
  return user
}

async function ok<T>(what: string, status: number, expected: number, body: T, text: string) {
  if (status !== expected) throw new Error(`${what}: ${status} ${text.slice(0, 300)}`)
  return Promise.resolve(body)
}

async function post<T>(path: string, body: Record<string, unknown>, expected = 201): Promise<T> {
  const res = await api<T>(path, { method: 'POST', token: ownerUser().token, body })
  return ok(`POST ${path}`, res.status, expected, res.body, res.text)
}

async function get<T>(path: string): Promise<T> {
  const res = await api<T>(path, { token: ownerUser().token })
  return ok(`GET ${path}`, res.status, 200, res.body, res.text)
}

/** The README every matrix project is pushed with (its blob id is known without asking). */
export const MATRIX_README = '# Matrix\n'

const CI_CONFIG = 'matrix-job:\n  script:\n    - echo matrix\n'

export async function buildProject(shape: ProjectShape): Promise<ProjectFixture> {
  const owner = ownerUser()
  const project = await createProject(owner.token, {
    visibility: shape.visibility,
    public_builds: shape.publicBuilds,
  })
  await Promise.all(
    MEMBER_ROLES.map(([role, level]) =>
      addProjectMember(project.id, memberOf(role).user.id, level, owner.token),
    ),
  )
  const sha = await pushFiles(owner, project, {
    'README.md': MATRIX_README,
    '.gitlab-ci.yml': CI_CONFIG,
  })
  const base = `/projects/${project.id}`
  const tag = uniqueName('vmatrix')
  await post(`${base}/repository/tags`, { tag_name: tag, ref: 'main' })
  const { mr } = await openMergeRequest(owner.token, project.id)
  const notes = `${base}/merge_requests/${mr.iid}/notes`
  const plain = await post<{ id: number }>(notes, { body: 'A plain note' })
  const internal = await post<{ id: number; internal: boolean }>(notes, {
    body: 'An internal note',
    internal: true,
  })
  if (!internal.internal) throw new Error('the owner could not write an internal note')
  const pipeline = await createPipeline(owner.token, project.id)
  const [job] = await pipelineJobs(owner.token, project.id, pipeline.id)
  if (!job) throw new Error('the pipeline has no job')
  const integration = await createIntegration(owner.token, project.id, {
    name: 'Matrix',
    active: true,
  })
  const notified = await notify(integration.url, integration.token, { title: 'Matrix alert' })
  if (notified.status !== 200) throw new Error(`notify: ${notified.status} ${notified.text}`)
  const [alert] = await get<AlertJson[]>(`${base}/alert_management_alerts`)
  if (!alert) throw new Error('no alert was stored')
  const hook = await post<{ id: number }>(`${base}/hooks`, { url: 'https://example.com/matrix' })
  const trigger = await post<{ id: number }>(`${base}/triggers`, { description: 'matrix' })
  await post(`${base}/variables`, { key: MATRIX_VARIABLE, value: 'matrix-value' })
  await post(`${base}/statuses/${sha}`, { state: 'success', name: 'matrix' })
  const issue = await post<{ iid: number }>(`${base}/issues`, { title: 'Matrix issue' })
  const secret = await post<{ iid: number; confidential: boolean }>(`${base}/issues`, {
    title: 'Matrix confidential issue',
    confidential: true,
  })
  if (!secret.confidential) throw new Error('the confidential issue is not confidential')
  const issueNotes = `${base}/issues/${issue.iid}/notes`
  const issueNote = await post<{ id: number }>(issueNotes, { body: 'A note on the issue' })
  const issueInternal = await post<{ id: number; internal: boolean }>(issueNotes, {
    body: 'An internal note on the issue',
    internal: true,
  })
  if (!issueInternal.internal) throw new Error('the owner could not write an internal issue note')
  const secretThread = await post<{ id: string; notes: { id: number }[] }>(
    `${base}/issues/${secret.iid}/discussions`,
    {
      body: 'A thread on the confidential issue',
    },
  )
  const commitThread = await post<{ id: string; notes: { id: number }[] }>(
    `${base}/repository/commits/${sha}/discussions`,
    { body: 'A thread on the commit' },
  )
  await post(`${base}/repository/commits/${sha}/comments`, { note: 'A commit comment' })
  const issueAward = await post<{ id: number }>(`${base}/issues/${issue.iid}/award_emoji`, {
    name: 'thumbsup',
  })
  // The request closes both issues when it merges (GET .../closes_issues shows the readable ones).
  const described = await api(`${base}/merge_requests/${mr.iid}`, {
    method: 'PUT',
    token: owner.token,
    body: { description: `Closes #${issue.iid} and #${secret.iid}` },
  })
  await ok('PUT merge request', described.status, 200, undefined, described.text)
  return {
    shape,
    project,
    mr,
    sha,
    tag,
    publicNoteId: plain.id,
    internalNoteId: internal.id,
    pipelineId: pipeline.id,
    jobId: job.id,
    alertIid: alert.iid,
    integrationId: integration.id,
    hookId: hook.id,
    triggerId: trigger.id,
    issueIid: issue.iid,
    confidentialIssueIid: secret.iid,
    issueNoteId: issueNote.id,
    issueInternalNoteId: issueInternal.id,
    confidentialIssueDiscussionId: secretThread.id,
    confidentialIssueNoteId: secretThread.notes[0]?.id ?? 0,
    issueAwardId: issueAward.id,
    commitDiscussionId: commitThread.id,
    commitNoteId: commitThread.notes[0]?.id ?? 0,
  }
}

/** Discussion ids and diff versions, read as the owner once the merge request has them. */
export async function readIds(f: ProjectFixture): Promise<void> {
  const discussions = await get<{ id: string; notes: { id: number }[] }[]>(
    `${mrBase(f)}/discussions`,
  )
  for (const discussion of discussions)
    for (const note of discussion.notes) discussionOf.set(note.id, discussion.id)
  const started = Date.now()
  while (Date.now() - started < 60_000) {
    const [first] = await get<{ id: number }[]>(`${mrBase(f)}/versions`)
    if (first) {
      versionOf.set(f.project.id, first.id)
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`no diff version of the merge request of the ${shapeName(f.shape)}`)
}

export async function buildGroup(shape: (typeof GROUP_SHAPES)[number]): Promise<GroupFixture> {
  const owner = ownerUser()
  const parent = shape.topLevel
    ? undefined
    : groups.find((g) => g.topLevel && g.visibility === shape.visibility)
  if (!shape.topLevel && !parent) throw new Error(`no parent for the ${shape.name}`)
  const group = await createGroup(owner.token, {
    visibility: shape.visibility,
    ...(parent ? { parent_id: parent.group.id } : {}),
  })
  const fixture = { ...shape, group, samlUid: uniqueName('matrix-saml') }
  await post(`/groups/${group.id}/variables`, { key: MATRIX_VARIABLE, value: 'matrix-value' })
  if (!shape.topLevel) return fixture
  await Promise.all(
    MEMBER_ROLES.map(([role, level]) =>
      addMember(group.id, memberOf(role).user.id, level, owner.token),
    ),
  )
  const res = await api(`/users/${memberOf('guest').user.id}`, {
    method: 'PUT',
    token: rootToken(),
    body: { provider: 'group_saml', extern_uid: fixture.samlUid, group_id_for_saml: group.id },
  })
  await ok('PUT /users/:id (group_saml)', res.status, 200, res.body, res.text)
  return fixture
}
