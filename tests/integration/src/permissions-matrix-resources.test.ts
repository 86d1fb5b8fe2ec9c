import { api } from './support/api'
import { createIntegration, notify, type AlertJson } from './support/alerts'
import { createPipeline, pipelineJobs, pushFiles } from './support/ci-jobs'
import { addMember, createGroup, createUserWithToken, uniqueName } from './support/factories'
import { openMergeRequest, type MergeRequestJson } from './support/merge-requests'
import { inPool } from './support/pool'
import { addProjectMember, createProject } from './support/projects'
import {
  expectedStatus,
  groupOracle,
  MATRIX_CALLERS,
  projectOracle,
  type GroupOracle,
  type MatrixCaller,
  type ProjectOracle,
  type ProjectShape,
  type Visibility,
} from './support/resource-oracle'
import { RESOURCE_ROUTES_ELSEWHERE, uncoveredRoutes } from './support/resource-routes'
import { gatewayRoutes } from './support/route-table'
import { rootToken } from './support/suite-state'
import {
  DEVELOPER,
  GUEST,
  MAINTAINER,
  REPORTER,
  type GroupJson,
  type ProjectJson,
} from './support/types'
import type { UserWithToken } from './support/factories'

/**
 * The resource permission matrix (issue 24): every resource a project or a
 * group returns — notes (internal ones too), discussions, alerts and their
 * integrations, pipelines, jobs, runners, hooks, commit statuses, repository
 * files, members, member roles, SAML identities — asked by every kind of
 * caller of a private, an internal and a public project (each with and
 * without public pipelines) and group, against GitLab's answer from
 * support/resource-oracle.ts. The last test checks that every GET route of
 * the gateway under /projects/:id and /groups/:id has a row here or in
 * permissions-matrix.test.ts, so a new resource cannot ship without one.
 */

const VISIBILITIES: readonly Visibility[] = ['private', 'internal', 'public']
const SHAPES: readonly ProjectShape[] = VISIBILITIES.flatMap((visibility) => [
  { visibility, publicBuilds: true },
  { visibility, publicBuilds: false },
])
const shapeName = (s: ProjectShape): string =>
  `${s.visibility} project, public pipelines ${s.publicBuilds ? 'on' : 'off'}`

interface ProjectFixture {
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
}

interface GroupFixture {
  name: string
  visibility: Visibility
  /** A subgroup's members are the parent's, inherited; it has no SAML or member roles of its own. */
  topLevel: boolean
  group: GroupJson
  samlUid: string
}

/** The groups: one top-level group per visibility, and a private subgroup of the private one. */
const GROUP_SHAPES = [
  ...VISIBILITIES.map((visibility) => ({
    name: `${visibility} group`,
    visibility,
    topLevel: true,
  })),
  { name: 'private subgroup of the private group', visibility: 'private', topLevel: false },
] as const satisfies readonly { name: string; visibility: Visibility; topLevel: boolean }[]

interface Answer {
  status: number
  body: unknown
}

/** One resource of a project: the route template as the route table prints it (after /api/v4). */
interface ProjectRow {
  route: string
  /** Distinguishes two rows of one route (an internal and a plain note). */
  variant?: string
  authenticate?: boolean
  denied?: 403 | 404
  path: (f: ProjectFixture) => string
  allowed: (a: ProjectOracle) => boolean
  /** Problems with a 200 body (empty when it is right). */
  content?: (body: unknown, f: ProjectFixture, a: ProjectOracle) => string[]
}

interface GroupRow {
  route: string
  authenticate?: boolean
  /** Asked of top-level groups only (member roles and SAML live there). */
  topLevelOnly?: boolean
  path: (g: GroupFixture) => string
  allowed: (a: GroupOracle) => boolean
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Notes shown must hold the plain note, and the internal one exactly for its readers. */
function noteListProblems(notes: unknown[], f: ProjectFixture, a: ProjectOracle): string[] {
  const records = notes.filter(isRecord)
  const ids = records.map((note) => note.id)
  const problems: string[] = []
  if (!ids.includes(f.publicNoteId)) problems.push('misses the plain note')
  if (ids.includes(f.internalNoteId) !== a.readInternalNote)
    problems.push(a.readInternalNote ? 'misses the internal note' : 'shows the internal note')
  if (!a.readInternalNote && records.some((note) => note.internal === true))
    problems.push('shows an internal note')
  return problems
}

const mrBase = (f: ProjectFixture): string => `/projects/${f.project.id}/merge_requests/${f.mr.iid}`
const projectBase = (f: ProjectFixture): string => `/projects/${f.project.id}`
const MR = '/projects/:id/merge_requests/:merge_request_iid'

/** Merge request resources found with find_merge_request_with_access (403) or find_noteable (404). */
const MR_ROWS: ProjectRow[] = [
  ...['approvals', 'award_emoji', 'blockees', 'blocks', 'commits', 'raw_diffs', 'time_stats'].map(
    (tail): ProjectRow => ({
      route: `${MR}/${tail}`,
      path: (f) => `${mrBase(f)}/${tail}`,
      allowed: (a) => a.readMergeRequest,
    }),
  ),
  {
    // lib/api/resource_state_events.rb: authenticate! first, then find_noteable (404).
    route: `${MR}/resource_state_events`,
    authenticate: true,
    denied: 404,
    path: (f) => `${mrBase(f)}/resource_state_events`,
    allowed: (a) => a.readMergeRequest,
  },
  {
    route: `${MR}/notes`,
    denied: 404,
    path: (f) => `${mrBase(f)}/notes`,
    allowed: (a) => a.readMergeRequest,
    content: (body, f, a) => (Array.isArray(body) ? noteListProblems(body, f, a) : ['not a list']),
  },
  {
    route: `${MR}/notes/:note_id`,
    variant: 'a plain note',
    denied: 404,
    path: (f) => `${mrBase(f)}/notes/${f.publicNoteId}`,
    allowed: (a) => a.readMergeRequest,
  },
  {
    route: `${MR}/notes/:note_id`,
    variant: 'an internal note',
    denied: 404,
    path: (f) => `${mrBase(f)}/notes/${f.internalNoteId}`,
    allowed: (a) => a.readMergeRequest && a.readInternalNote,
  },
  {
    // lib/api/discussions.rb: authenticate! first, then find_noteable (404).
    route: `${MR}/discussions`,
    authenticate: true,
    denied: 404,
    path: (f) => `${mrBase(f)}/discussions`,
    allowed: (a) => a.readMergeRequest,
    content: (body, f, a) =>
      Array.isArray(body)
        ? noteListProblems(
            body
              .filter(isRecord)
              .flatMap((d): unknown[] => (Array.isArray(d.notes) ? d.notes : [])),
            f,
            a,
          )
        : ['not a list'],
  },
  {
    route: `${MR}/discussions/:discussion_id`,
    variant: 'an internal note',
    authenticate: true,
    denied: 404,
    path: (f) => `${mrBase(f)}/discussions/${discussionOf.get(f.internalNoteId) ?? 'none'}`,
    allowed: (a) => a.readMergeRequest && a.readInternalNote,
  },
]

/** The discussion id of each fixture note. */
const discussionOf = new Map<number, string>()

const PROJECT_ROWS: ProjectRow[] = [
  ...MR_ROWS,
  {
    route: `${MR}/versions/:version_id`,
    path: (f) => `${mrBase(f)}/versions/${versionOf.get(f.project.id) ?? 0}`,
    allowed: (a) => a.readMergeRequest,
  },
  {
    route: '/projects/:id/alert_management_alerts',
    path: (f) => `${projectBase(f)}/alert_management_alerts`,
    allowed: (a) => a.readAlert,
  },
  {
    route: '/projects/:id/alert_management_alerts/:alert_iid',
    path: (f) => `${projectBase(f)}/alert_management_alerts/${f.alertIid}`,
    allowed: (a) => a.readAlert,
  },
  ...['', '/:integration_id'].map((tail): ProjectRow => ({
    route: `/projects/:id/alert_management/integrations${tail}`,
    authenticate: true,
    path: (f) =>
      `${projectBase(f)}/alert_management/integrations${tail ? `/${f.integrationId}` : ''}`,
    allowed: (a) => a.maintain,
  })),
  {
    // lib/api/ci/pipelines.rb: read_pipeline and read_build.
    route: '/projects/:id/pipelines',
    path: (f) => `${projectBase(f)}/pipelines`,
    allowed: (a) => a.readPipeline && a.readBuild,
  },
  {
    route: '/projects/:id/pipelines/:pipeline_id',
    path: (f) => `${projectBase(f)}/pipelines/${f.pipelineId}`,
    allowed: (a) => a.readPipeline,
  },
  {
    route: '/projects/:id/pipelines/latest',
    path: (f) => `${projectBase(f)}/pipelines/latest`,
    allowed: (a) => a.readPipeline,
  },
  {
    route: '/projects/:id/pipelines/:pipeline_id/variables',
    path: (f) => `${projectBase(f)}/pipelines/${f.pipelineId}/variables`,
    allowed: (a) => a.readPipelineVariables,
  },
  {
    // lib/api/ci/pipelines.rb: read_pipeline; Ci::JobsFinder lists no job without read_build.
    route: '/projects/:id/pipelines/:pipeline_id/jobs',
    path: (f) => `${projectBase(f)}/pipelines/${f.pipelineId}/jobs`,
    allowed: (a) => a.readPipeline,
    content: (body, f, a) => {
      if (!Array.isArray(body)) return ['not a list']
      const shown = body.filter(isRecord).some((job) => job.id === f.jobId)
      if (shown === a.readBuild) return []
      return [a.readBuild ? 'misses the job' : 'shows the job']
    },
  },
  ...['', '/trace'].map((tail): ProjectRow => ({
    // lib/api/ci/jobs.rb: authenticate! first.
    route: `/projects/:id/jobs/:job_id${tail}`,
    authenticate: true,
    path: (f) => `${projectBase(f)}/jobs/${f.jobId}${tail}`,
    allowed: (a) => a.readBuild,
  })),
  {
    route: '/projects/:id/runners',
    authenticate: true,
    path: (f) => `${projectBase(f)}/runners`,
    allowed: (a) => a.maintain,
  },
  ...['', '/:hook_id', '/:hook_id/events'].map((tail): ProjectRow => ({
    route: `/projects/:id/hooks${tail}`,
    authenticate: true,
    path: (f) => `${projectBase(f)}/hooks${tail.replace(':hook_id', String(f.hookId))}`,
    allowed: (a) => a.maintain,
  })),
  ...['', '/:trigger_id'].map((tail): ProjectRow => ({
    route: `/projects/:id/triggers${tail}`,
    authenticate: true,
    path: (f) => `${projectBase(f)}/triggers${tail ? `/${f.triggerId}` : ''}`,
    allowed: (a) => a.maintain,
  })),
  ...['', '/allowlist'].map((tail): ProjectRow => ({
    route: `/projects/:id/job_token_scope${tail}`,
    authenticate: true,
    path: (f) => `${projectBase(f)}/job_token_scope${tail}`,
    allowed: (a) => a.maintain,
  })),
  {
    route: '/projects/:id/repository/commits/:sha/statuses',
    authenticate: true,
    path: (f) => `${projectBase(f)}/repository/commits/${f.sha}/statuses`,
    allowed: (a) => a.readCommitStatus,
  },
  ...(
    [
      ['/repository/files/:file_path', () => '/repository/files/README.md?ref=main'],
      ['/repository/files/:file_path/raw', () => '/repository/files/README.md/raw?ref=main'],
      ['/repository/branches/:branch', () => '/repository/branches/main'],
      ['/repository/commits/:sha', (f) => `/repository/commits/${f.sha}`],
      ['/repository/compare', (f) => `/repository/compare?from=main&to=${f.mr.source_branch}`],
      ['/repository/tree', () => '/repository/tree'],
      ['/repository/tags/:tag_name', (f) => `/repository/tags/${f.tag}`],
    ] as const satisfies readonly (readonly [string, (f: ProjectFixture) => string])[]
  ).map(([tail, path]): ProjectRow => ({
    route: `/projects/:id${tail}`,
    path: (f) => `${projectBase(f)}${path(f)}`,
    allowed: (a) => a.readCode,
  })),
  ...['/members/:user_id', '/members/all/:user_id', '/milestones', '/labels'].map(
    (tail): ProjectRow => ({
      route: `/projects/:id${tail}`,
      path: (f) => `${projectBase(f)}${tail.replace(':user_id', String(ownerUser().user.id))}`,
      allowed: (a) => a.readProject,
    }),
  ),
]

/** The first diff version of each fixture project's merge request. */
const versionOf = new Map<number, number>()

const GROUP_ROWS: GroupRow[] = [
  ...['', '/subgroups', '/merge_requests'].map((tail): GroupRow => ({
    route: `/groups/:id${tail}`,
    path: (g) => `/groups/${g.group.id}${tail}`,
    allowed: (a) => a.readGroup,
  })),
  ...['/members', '/members/all', '/members/:user_id', '/members/all/:user_id'].map(
    (tail): GroupRow => ({
      route: `/groups/:id${tail}`,
      path: (g) => `/groups/${g.group.id}${tail.replace(':user_id', String(ownerUser().user.id))}`,
      allowed: (a) => a.readGroupMember,
    }),
  ),
  {
    route: '/groups/:id/member_roles',
    authenticate: true,
    topLevelOnly: true,
    path: (g) => `/groups/${g.group.id}/member_roles`,
    allowed: (a) => a.owner,
  },
  {
    route: '/groups/:id/saml/identities',
    authenticate: true,
    topLevelOnly: true,
    path: (g) => `/groups/${g.group.id}/saml/identities`,
    allowed: (a) => a.owner,
  },
  {
    route: '/groups/:id/saml/:uid',
    authenticate: true,
    topLevelOnly: true,
    path: (g) => `/groups/${g.group.id}/saml/${encodeURIComponent(g.samlUid)}`,
    allowed: (a) => a.owner,
  },
]

const users = new Map<string, UserWithToken>()
const projects: ProjectFixture[] = []
const groups: GroupFixture[] = []
const answers = new Map<string, Answer>()

function ownerUser(): UserWithToken {
  const owner = users.get('owner')
  if (!owner) throw new Error('no owner')
  return owner
}

function tokenOf(caller: MatrixCaller): string | undefined {
  if (!caller.signedIn) return undefined
  if (caller.admin) return rootToken()
  const user = users.get(caller.role)
  if (!user) throw new Error(`no user for ${caller.role}`)
  return user.token
}

const MEMBER_ROLES = [
  ['guest', GUEST],
  ['reporter', REPORTER],
  ['developer', DEVELOPER],
  ['maintainer', MAINTAINER],
] as const

function memberOf(role: string): UserWithToken {
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

const CI_CONFIG = 'matrix-job:\n  script:\n    - echo matrix\n'

async function buildProject(shape: ProjectShape): Promise<ProjectFixture> {
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
    'README.md': '# Matrix\n',
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
  await post(`${base}/statuses/${sha}`, { state: 'success', name: 'matrix' })
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
  }
}

/** Discussion ids and diff versions, read as the owner once the merge request has them. */
async function readIds(f: ProjectFixture): Promise<void> {
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

async function buildGroup(shape: (typeof GROUP_SHAPES)[number]): Promise<GroupFixture> {
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

/** POST .../notes with internal: true by each signed-in caller, after every read. */
const writes = new Map<string, Answer>()

async function writeInternalNotes(): Promise<void> {
  const jobs = MATRIX_CALLERS.filter((caller) => caller.signedIn).flatMap((caller) =>
    projects
      .filter((f) => f.shape.publicBuilds)
      .map((f) => async () => {
        const res = await api(`${mrBase(f)}/notes`, {
          method: 'POST',
          token: tokenOf(caller),
          body: { body: `Marked internal by the ${caller.role}`, internal: true },
        })
        writes.set(keyOf(caller.role, f.shape.visibility), res)
      }),
  )
  await inPool(jobs, 8, (job) => job())
}

const keyOf = (...parts: string[]): string => parts.join(' | ')
const rowName = (row: { route: string; variant?: string }): string =>
  row.variant ? `GET ${row.route} (${row.variant})` : `GET ${row.route}`

async function runMatrix(): Promise<void> {
  const jobs: (() => Promise<void>)[] = []
  for (const caller of MATRIX_CALLERS) {
    const token = tokenOf(caller)
    for (const f of projects) {
      for (const row of PROJECT_ROWS) {
        jobs.push(async () => {
          const res = await api(row.path(f), { token })
          answers.set(keyOf(caller.role, shapeName(f.shape), rowName(row)), res)
        })
      }
    }
    for (const g of groups) {
      for (const row of GROUP_ROWS.filter((r) => g.topLevel || r.topLevelOnly !== true)) {
        jobs.push(async () => {
          const res = await api(row.path(g), { token })
          answers.set(keyOf(caller.role, g.name, rowName(row)), res)
        })
      }
    }
  }
  await inPool(jobs, 8, (job) => job())
}

function answerFor(...parts: string[]): Answer {
  const answer = answers.get(keyOf(...parts))
  if (!answer) throw new Error(`no answer for ${keyOf(...parts)}`)
  return answer
}

describe('resource permission matrix', () => {
  beforeAll(async () => {
    const roles = ['owner', 'non-member', ...MEMBER_ROLES.map(([role]) => role)]
    const created = await Promise.all(
      roles.map(async (role) => [role, await createUserWithToken()] as const),
    )
    for (const [role, user] of created) users.set(role, user)
    projects.push(...(await inPool(SHAPES, 3, (shape) => buildProject(shape))))
    await inPool(projects, 3, (f) => readIds(f))
    for (const shape of GROUP_SHAPES) groups.push(await buildGroup(shape))
    await runMatrix()
    await writeInternalNotes()
  }, 600_000)

  describe.each(MATRIX_CALLERS.map((caller) => [caller.role, caller] as const))(
    '%s',
    (_role, caller) => {
      describe.each(SHAPES.map((shape) => [shapeName(shape), shape] as const))(
        '%s',
        (name, shape) => {
          it.each(PROJECT_ROWS.map((row) => [rowName(row), row] as const))(
            '%s',
            (rowLabel, row) => {
              const f = projects.find((candidate) => candidate.shape === shape)
              if (!f) throw new Error(`no fixture for ${name}`)
              const a = projectOracle(caller, shape)
              const expected = expectedStatus(row, caller.signedIn, a.readProject, row.allowed(a))
              const answer = answerFor(caller.role, name, rowLabel)
              expect(answer.status).toBe(expected)
              if (expected === 200 && row.content)
                expect(row.content(answer.body, f, a)).toEqual([])
            },
          )
        },
      )

      describe.each(GROUP_SHAPES.map((shape) => [shape.name, shape] as const))(
        '%s',
        (name, shape) => {
          const rows = GROUP_ROWS.filter((row) => shape.topLevel || row.topLevelOnly !== true)
          it.each(rows.map((row) => [rowName(row), row] as const))('%s', (rowLabel, row) => {
            // A subgroup's members and their levels are the parent's (inherited).
            const a = groupOracle(caller, shape.visibility)
            const expected = expectedStatus(row, caller.signedIn, a.readGroup, row.allowed(a))
            expect(answerFor(caller.role, name, rowLabel).status).toBe(expected)
          })
        },
      )

      if (caller.signedIn) {
        // Notes::BuildService: internal: true counts only with mark_note_as_internal.
        it.each(VISIBILITIES)('POST .../notes with internal: true (%s project)', (visibility) => {
          const a = projectOracle(caller, { visibility, publicBuilds: true })
          const answer = writes.get(keyOf(caller.role, visibility))
          const seen = answer && {
            status: answer.status,
            internal: isRecord(answer.body) ? answer.body.internal : undefined,
          }
          if (!a.readMergeRequest) expect(seen?.status).toBe(404)
          else expect(seen).toEqual({ status: 201, internal: a.readInternalNote })
        })
      }
    },
  )

  it('has a row for every GET route of a project or group resource', () => {
    const rows = [...PROJECT_ROWS, ...GROUP_ROWS].map((row) => row.route)
    expect(uncoveredRoutes(gatewayRoutes(), [...rows, ...RESOURCE_ROUTES_ELSEWHERE])).toEqual([])
  })
})
