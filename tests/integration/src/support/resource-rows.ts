/**
 * The rows of the resource permission matrix: each GET route of a project or
 * group resource, how the fixture names one of its objects, what GitLab asks
 * of the caller for it and what a 200 must (not) show.
 */
import type { GroupOracle, ProjectOracle } from './resource-oracle'
import {
  discussionOf,
  mrBase,
  ownerUser,
  projectBase,
  versionOf,
  type GroupFixture,
  type ProjectFixture,
} from './resource-fixture'

/** One resource of a project: the route template as the route table prints it (after /api/v4). */
export interface ProjectRow {
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

export interface GroupRow {
  route: string
  authenticate?: boolean
  /** Asked of top-level groups only (member roles and SAML live there). */
  topLevelOnly?: boolean
  path: (g: GroupFixture) => string
  allowed: (a: GroupOracle) => boolean
}

export function isRecord(value: unknown): value is Record<string, unknown> {
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

const MR = '/projects/:id/merge_requests/:merge_request_iid'

/** Merge request resources found with find_merge_request_with_access (403) or find_noteable (404). */
const MR_ROWS: ProjectRow[] = [
  ...[
    'approvals',
    'award_emoji',
    'blockees',
    'blocks',
    'commits',
    'participants',
    'raw_diffs',
    'time_stats',
  ].map((tail): ProjectRow => ({
    route: `${MR}/${tail}`,
    path: (f) => `${mrBase(f)}/${tail}`,
    allowed: (a) => a.readMergeRequest,
  })),
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

export const PROJECT_ROWS: ProjectRow[] = [
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
  // lib/api/protected_branches.rb: read_protected_branch goes with admin_project (Maintainer);
  // every project's default branch is protected from its creation.
  ...['', '/:name'].map((tail): ProjectRow => ({
    route: `/projects/:id/protected_branches${tail}`,
    authenticate: true,
    path: (f) => `${projectBase(f)}/protected_branches${tail ? '/main' : ''}`,
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
  ...['/members/:user_id', '/members/all/:user_id', '/milestones', '/labels', '/starrers'].map(
    (tail): ProjectRow => ({
      route: `/projects/:id${tail}`,
      path: (f) => `${projectBase(f)}${tail.replace(':user_id', String(ownerUser().user.id))}`,
      allowed: (a) => a.readProject,
    }),
  ),
]

export const GROUP_ROWS: GroupRow[] = [
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
