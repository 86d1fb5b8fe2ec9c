/**
 * The rows of the resource permission matrix: each GET route of a project or
 * group resource, how the fixture names one of its objects, what GitLab asks
 * of the caller for it and what a 200 must (not) show.
 */
import { createHash } from 'node:crypto'
import type { GroupOracle, ProjectOracle } from './resource-oracle'
import {
  MATRIX_README,
  discussionOf,
  MATRIX_VARIABLE,
  mrBase,
  ownerUser,
  projectBase,
  versionOf,
  type GroupFixture,
  type ProjectFixture,
} from './resource-fixture'

/** The README's blob id, as `git hash-object` computes it. */
const README_BLOB = createHash('sha1')
  .update(`blob ${Buffer.byteLength(MATRIX_README)}\0${MATRIX_README}`)
  .digest('hex')

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
    // lib/api/merge_requests.rb: find_merge_request_with_access (403), then the
    // issues the description closes that the caller may read.
    route: `${MR}/closes_issues`,
    path: (f) => `${mrBase(f)}/closes_issues`,
    allowed: (a) => a.readMergeRequest,
    content: (body, f, a) => {
      if (!Array.isArray(body)) return ['not a list']
      const iids = body.filter(isRecord).map((issue) => issue.iid)
      const problems: string[] = []
      if (iids.includes(f.issueIid) !== a.readIssue)
        problems.push(a.readIssue ? 'misses the issue' : 'shows the issue')
      const secret = a.readIssue && a.readConfidentialIssues
      if (iids.includes(f.confidentialIssueIid) !== secret)
        problems.push(secret ? 'misses the confidential issue' : 'shows the confidential issue')
      return problems
    },
  },
  // lib/api/resource_{state,label,milestone}_events.rb: authenticate! first, then find_noteable (404).
  ...['resource_state_events', 'resource_label_events', 'resource_milestone_events'].map(
    (tail): ProjectRow => ({
      route: `${MR}/${tail}`,
      authenticate: true,
      denied: 404,
      path: (f) => `${mrBase(f)}/${tail}`,
      allowed: (a) => a.readMergeRequest,
    }),
  ),
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
  {
    // discussions.rb's get_note: the note as notes.rb reads it, after authenticate!.
    route: `${MR}/discussions/:discussion_id/notes/:note_id`,
    variant: 'an internal note',
    authenticate: true,
    denied: 404,
    path: (f) =>
      `${mrBase(f)}/discussions/${discussionOf.get(f.internalNoteId) ?? 'none'}/notes/${f.internalNoteId}`,
    allowed: (a) => a.readMergeRequest && a.readInternalNote,
  },
]

const ISSUE = '/projects/:id/issues/:issue_iid'

/**
 * lib/api/issues.rb: the list shows what IssuesFinder lets the caller see;
 * one issue is find_project_issue (404 Issue Not Found when unreadable).
 */
const ISSUE_ROWS: ProjectRow[] = [
  {
    route: '/projects/:id/issues',
    path: (f) => `${projectBase(f)}/issues`,
    allowed: (a) => a.readProject,
    content: (body, f, a) => {
      if (!Array.isArray(body)) return ['not a list']
      const iids = body.filter(isRecord).map((issue) => issue.iid)
      const problems: string[] = []
      if (iids.includes(f.issueIid) !== a.readIssue)
        problems.push(a.readIssue ? 'misses the issue' : 'shows the issue')
      if (iids.includes(f.confidentialIssueIid) !== a.readConfidentialIssues)
        problems.push(
          a.readConfidentialIssues
            ? 'misses the confidential issue'
            : 'shows the confidential issue',
        )
      return problems
    },
  },
  {
    route: ISSUE,
    variant: 'a plain issue',
    denied: 404,
    path: (f) => `${projectBase(f)}/issues/${f.issueIid}`,
    allowed: (a) => a.readIssue,
  },
  {
    route: ISSUE,
    variant: 'a confidential issue',
    denied: 404,
    path: (f) => `${projectBase(f)}/issues/${f.confidentialIssueIid}`,
    allowed: (a) => a.readIssue && a.readConfidentialIssues,
  },
  ...issueNoteRows(),
]

/** The issue's notes shown must hold its plain note, and the internal one exactly for its readers. */
function issueNoteListProblems(notes: unknown[], f: ProjectFixture, a: ProjectOracle): string[] {
  const records = notes.filter(isRecord)
  const ids = records.map((note) => note.id)
  const problems: string[] = []
  if (!ids.includes(f.issueNoteId)) problems.push('misses the plain note')
  if (ids.includes(f.issueInternalNoteId) !== a.readInternalNote)
    problems.push(a.readInternalNote ? 'misses the internal note' : 'shows the internal note')
  if (records.some((note) => note.noteable_type !== 'Issue')) problems.push('not issue notes')
  return problems
}

/**
 * lib/api/notes.rb, discussions.rb and award_emoji.rb for issues: find_noteable is
 * find_project_issue (404 for an unreadable issue, a confidential one
 * included); discussions authenticate! first.
 */
function issueNoteRows(): ProjectRow[] {
  const issueOf = (f: ProjectFixture) => `${projectBase(f)}/issues/${f.issueIid}`
  const secretOf = (f: ProjectFixture) => `${projectBase(f)}/issues/${f.confidentialIssueIid}`
  const readSecret = (a: ProjectOracle) => a.readIssue && a.readConfidentialIssues
  return [
    {
      route: `${ISSUE}/notes`,
      variant: 'a plain issue',
      denied: 404,
      path: (f) => `${issueOf(f)}/notes`,
      allowed: (a) => a.readIssue,
      content: (body, f, a) =>
        Array.isArray(body) ? issueNoteListProblems(body, f, a) : ['not a list'],
    },
    {
      route: `${ISSUE}/notes`,
      variant: 'a confidential issue',
      denied: 404,
      path: (f) => `${secretOf(f)}/notes`,
      allowed: readSecret,
    },
    {
      route: `${ISSUE}/notes/:note_id`,
      variant: 'a plain note',
      denied: 404,
      path: (f) => `${issueOf(f)}/notes/${f.issueNoteId}`,
      allowed: (a) => a.readIssue,
    },
    {
      route: `${ISSUE}/notes/:note_id`,
      variant: 'an internal note',
      denied: 404,
      path: (f) => `${issueOf(f)}/notes/${f.issueInternalNoteId}`,
      allowed: (a) => a.readIssue && a.readInternalNote,
    },
    {
      route: `${ISSUE}/discussions`,
      variant: 'a plain issue',
      authenticate: true,
      denied: 404,
      path: (f) => `${issueOf(f)}/discussions`,
      allowed: (a) => a.readIssue,
      content: (body, f, a) =>
        Array.isArray(body)
          ? issueNoteListProblems(
              body
                .filter(isRecord)
                .flatMap((d): unknown[] => (Array.isArray(d.notes) ? d.notes : [])),
              f,
              a,
            )
          : ['not a list'],
    },
    {
      // lib/api/award_emoji.rb: read_issue first (403), then can_read_awardable? (404 Award Emoji).
      route: `${ISSUE}/award_emoji`,
      variant: 'a plain issue',
      path: (f) => `${issueOf(f)}/award_emoji`,
      allowed: (a) => a.readIssue,
      content: (body, f) =>
        Array.isArray(body) && body.filter(isRecord).some((award) => award.id === f.issueAwardId)
          ? []
          : ['misses the award'],
    },
    {
      route: `${ISSUE}/award_emoji`,
      variant: 'a confidential issue',
      denied: 404,
      path: (f) => `${secretOf(f)}/award_emoji`,
      allowed: readSecret,
    },
    {
      // lib/api/concerns/time_tracking_endpoints.rb: read_issue on find_project_issue (404).
      route: `${ISSUE}/time_stats`,
      variant: 'a plain issue',
      denied: 404,
      path: (f) => `${issueOf(f)}/time_stats`,
      allowed: (a) => a.readIssue,
      content: (body) =>
        isRecord(body) && body.time_estimate === 0 && body.total_time_spent === 0
          ? []
          : ['not the issue’s time stats'],
    },
    {
      route: `${ISSUE}/time_stats`,
      variant: 'a confidential issue',
      denied: 404,
      path: (f) => `${secretOf(f)}/time_stats`,
      allowed: readSecret,
    },
    {
      route: `${ISSUE}/award_emoji/:award_id`,
      path: (f) => `${issueOf(f)}/award_emoji/${f.issueAwardId}`,
      allowed: (a) => a.readIssue,
    },
    {
      route: `${ISSUE}/discussions/:discussion_id`,
      variant: 'a confidential issue',
      authenticate: true,
      denied: 404,
      path: (f) => `${secretOf(f)}/discussions/${f.confidentialIssueDiscussionId}`,
      allowed: readSecret,
    },
    {
      route: `${ISSUE}/discussions/:discussion_id/notes/:note_id`,
      variant: 'a confidential issue',
      authenticate: true,
      denied: 404,
      path: (f) =>
        `${secretOf(f)}/discussions/${f.confidentialIssueDiscussionId}/notes/${f.confidentialIssueNoteId}`,
      allowed: readSecret,
    },
  ]
}

export const PROJECT_ROWS: ProjectRow[] = [
  ...MR_ROWS,
  ...ISSUE_ROWS,
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
  // lib/api/ci/variables.rb: authenticate!, then admin_cicd_variables (Maintainer).
  ...['', '/:key'].map((tail): ProjectRow => ({
    route: `/projects/:id/variables${tail}`,
    authenticate: true,
    path: (f) => `${projectBase(f)}/variables${tail ? `/${MATRIX_VARIABLE}` : ''}`,
    allowed: (a) => a.maintain,
  })),
  ...['', '/allowlist', '/groups_allowlist'].map((tail): ProjectRow => ({
    route: `/projects/:id/job_token_scope${tail}`,
    authenticate: true,
    path: (f) => `${projectBase(f)}/job_token_scope${tail}`,
    allowed: (a) => a.maintain,
  })),
  {
    // download_code (the class's before block), then read_merge_request.
    route: '/projects/:id/repository/commits/:sha/merge_requests',
    path: (f) => `${projectBase(f)}/repository/commits/${f.sha}/merge_requests`,
    allowed: (a) => a.readCode && a.readMergeRequest,
  },
  {
    // lib/api/commits.rb: read_code (the class's before block), then the commit.
    route: '/projects/:id/repository/commits/:sha/comments',
    path: (f) => `${projectBase(f)}/repository/commits/${f.sha}/comments`,
    allowed: (a) => a.readCode,
    content: (body) =>
      Array.isArray(body) && body.filter(isRecord).some((c) => c.note === 'A commit comment')
        ? []
        : ['misses the commit comment'],
  },
  // lib/api/discussions.rb for a Commit: authenticate! first, then find_noteable
  // (read_commit, the project's read_code: 404 Commit Not Found).
  ...(
    [
      ['', () => ''],
      ['/:discussion_id', (f) => `/${f.commitDiscussionId}`],
      ['/:discussion_id/notes/:note_id', (f) => `/${f.commitDiscussionId}/notes/${f.commitNoteId}`],
    ] as const satisfies readonly (readonly [string, (f: ProjectFixture) => string])[]
  ).map(([tail, path]): ProjectRow => ({
    route: `/projects/:id/repository/commits/:sha/discussions${tail}`,
    authenticate: true,
    denied: 404,
    path: (f) => `${projectBase(f)}/repository/commits/${f.sha}/discussions${path(f)}`,
    allowed: (a) => a.readCode,
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
      ['/repository/files/:file_path/blame', () => '/repository/files/README.md/blame?ref=main'],
      ['/repository/blobs/:sha', () => `/repository/blobs/${README_BLOB}`],
      ['/repository/blobs/:sha/raw', () => `/repository/blobs/${README_BLOB}/raw`],
      ['/repository/archive', (f) => `/repository/archive?sha=${f.sha}&format=tar`],
      ['/repository/archive.:format', () => '/repository/archive.zip?sha=main'],
      ['/repository/merge_base', (f) => `/repository/merge_base?refs[]=main&refs[]=${f.sha}`],
      ['/repository/branches/:branch', () => '/repository/branches/main'],
      ['/repository/commits/:sha', (f) => `/repository/commits/${f.sha}`],
      ['/repository/commits/:sha/diff', (f) => `/repository/commits/${f.sha}/diff`],
      ['/repository/commits/:sha/refs', (f) => `/repository/commits/${f.sha}/refs`],
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
  ...['', '/subgroups', '/descendant_groups', '/projects', '/merge_requests', '/issues'].map(
    (tail): GroupRow => ({
      route: `/groups/:id${tail}`,
      path: (g) => `/groups/${g.group.id}${tail}`,
      allowed: (a) => a.readGroup,
    }),
  ),
  ...['/members', '/members/all', '/members/:user_id', '/members/all/:user_id'].map(
    (tail): GroupRow => ({
      route: `/groups/:id${tail}`,
      path: (g) => `/groups/${g.group.id}${tail.replace(':user_id', String(ownerUser().user.id))}`,
      allowed: (a) => a.readGroupMember,
    }),
  ),
  // lib/api/group_variables.rb: authenticate!, then admin_cicd_variables (Owner).
  ...['', '/:key'].map((tail): GroupRow => ({
    route: `/groups/:id/variables${tail}`,
    authenticate: true,
    path: (g) => `/groups/${g.group.id}/variables${tail ? `/${MATRIX_VARIABLE}` : ''}`,
    allowed: (a) => a.owner,
  })),
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
