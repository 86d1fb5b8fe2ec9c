import type { RouteJson } from './route-table'

/**
 * Write routes (every method but GET) of project and group resources that a
 * test other than permissions-matrix-writes.test.ts checks per kind of
 * caller, each with the file and the callers it asks.
 */
export const WRITE_ROUTES_ELSEWHERE: Readonly<Record<string, string>> = {
  // permissions-matrix-edits.test.ts: every role x visibility.
  'PUT /groups/:id': 'permissions-matrix-edits.test.ts: every role x visibility',
  'POST /groups/:id/transfer': 'permissions-matrix-edits.test.ts: every role x visibility',
  'POST /groups/:id/share': 'permissions-matrix-edits.test.ts: every role x visibility',
  'DELETE /groups/:id/share/:group_id': 'permissions-matrix-edits.test.ts: every role x visibility',
  'PUT /projects/:id/transfer': 'permissions-matrix-edits.test.ts: every role x visibility',
  'POST /projects/:id/fork': 'permissions-matrix-edits.test.ts: every role x visibility',
  'DELETE /projects/:id':
    'permissions-matrix-deletion.test.ts: every caller x visibility, custom roles with and without remove_project',
  // merge-requests-permissions.test.ts: anonymous, a stranger, Guest to Owner and an admin x visibility.
  'POST /projects/:id/merge_requests':
    'merge-requests-permissions.test.ts: every role x visibility',
  'PUT /projects/:id/merge_requests/:merge_request_iid':
    'merge-requests-permissions.test.ts: every role x visibility (update and close)',
  'DELETE /projects/:id/merge_requests/:merge_request_iid':
    'merge-requests-permissions.test.ts: every role x visibility',
  'PUT /projects/:id/merge_requests/:merge_request_iid/merge':
    'merge-requests-permissions.test.ts: every role x visibility (main protected for Maintainers)',
  'POST /projects/:id/repository/commits/:sha/comments':
    'commit-comments.test.ts: owner to guest and a stranger x private and public, and anonymous',
  // permissions-matrix-resources.test.ts: every caller x visibility.
  'POST /projects/:id/issues':
    'permissions-matrix-resources.test.ts: every signed-in caller x visibility; issues.test.ts: anonymous 401',
  'POST /projects/:id/issues/:issue_iid/subscribe':
    'permissions-matrix-resources.test.ts: every caller x visibility, a plain and a confidential issue',
  'POST /projects/:id/issues/:issue_iid/unsubscribe':
    'permissions-matrix-resources.test.ts: every caller x visibility',
  'POST /projects/:id/issues/:issue_iid/add_spent_time':
    'permissions-matrix-resources.test.ts: every caller x visibility',
  'POST /projects/:id/issues/:issue_iid/notes':
    'permissions-matrix-resources.test.ts: every signed-in caller x visibility on a confidential issue; issue-notes.test.ts: anonymous 401, an outsider 404',
  'POST /projects/:id/merge_requests/:merge_request_iid/notes':
    'permissions-matrix-resources.test.ts: every signed-in caller x visibility (internal notes); merge-requests-notes.test.ts: anonymous 401, an outsider 404',
  // Checked by role in one file each: the callers named.
  'PATCH /groups/:id/saml/:uid':
    'saml-identities.test.ts: anonymous 401, a Maintainer 403, an outsider of a private group 404, the Owner',
  'DELETE /groups/:id/saml/:uid':
    'saml-identities.test.ts: anonymous 401, a Maintainer 403, an outsider of a private group 404, the Owner',
  'POST /groups/:id/member_roles':
    'member-roles.test.ts: anonymous 401, a Maintainer 403, an outsider of a private group 404, the Owner, an admin',
  'PUT /groups/:id/member_roles/:member_role_id':
    'member-roles.test.ts: anonymous 401, a Maintainer 403, an outsider of a private group 404, the Owner',
  'DELETE /groups/:id/member_roles/:member_role_id':
    'member-roles.test.ts: anonymous 401, a Maintainer 403, an outsider of a private group 404, the Owner',
  'POST /groups/:id/members':
    'members.test.ts: the Owner, an admin who is no member, an outsider of a private group 404; custom-role-permissions.test.ts: a Guest 403, a Guest with admin_group_member 201',
  'POST /projects/:id/members':
    'project-members.test.ts: a Maintainer 201, a Developer 403, an outsider of a private project 404',
  'PUT /projects/:id/merge_requests/:merge_request_iid/discussions/:discussion_id':
    'merge-requests-discussions.test.ts: a Developer resolves, a Reporter 403',
  'POST /projects/:id/merge_requests/:merge_request_iid/blocks':
    'merge-requests-blocks.test.ts: anonymous 401, a caller who cannot read the blocking request 403, the owner',
  'DELETE /projects/:id/merge_requests/:merge_request_iid/blocks/:block_id':
    'merge-requests-blocks.test.ts: a Guest 403, a caller who cannot read the blocking request 403, a Developer and the owner 204',
  'POST /projects/:id/pipelines/:pipeline_id/cancel':
    'pipelines-api.test.ts: a Developer 200, a Reporter 403',
  'DELETE /projects/:id/pipelines/:pipeline_id':
    'pipelines-api.test.ts: the Owner 204, a Maintainer 403',
  'POST /projects/:id/merge_requests/:merge_request_iid/approve':
    'merge-requests-collaboration.test.ts: a Developer 201, a Guest 403; custom-role-permissions.test.ts: a Guest with admin_merge_request 201',
  'PUT /projects/:id/alert_management_alerts/:alert_iid':
    'alerts.test.ts: a Developer 200, a Reporter 403',
  'DELETE /projects/:id/issues/:issue_iid': 'issues.test.ts: the Owner 204, a Maintainer 403',
  'PUT /projects/:id/issues/:issue_iid':
    "issues.test.ts: a Guest edits their own issue, 403 on another's",
  'PUT /projects/:id/issues/:issue_iid/notes/:note_id':
    'issue-notes.test.ts: the author 200, another member 403',
  'DELETE /projects/:id/issues/:issue_iid/notes/:note_id':
    'issue-notes.test.ts: the author or a Maintainer 204, another member 403',
  'PUT /projects/:id/merge_requests/:merge_request_iid/notes/:note_id':
    'merge-requests-notes.test.ts: the author 200, a Developer who is not the author 403',
  'DELETE /projects/:id/merge_requests/:merge_request_iid/notes/:note_id':
    'merge-requests-notes.test.ts: a Maintainer 204, a Developer who is not the author 403',
  'POST /projects/:id/merge_requests/:merge_request_iid/time_estimate':
    'merge-requests-collaboration.test.ts: a member, a non-member of a public project 403',
  'POST /projects/:id/merge_requests/:merge_request_iid/add_spent_time':
    'merge-requests-collaboration.test.ts: a member, a non-member of a public project 403',
  'POST /projects/:id/merge_requests/:merge_request_iid/reset_time_estimate':
    'merge-requests-collaboration.test.ts: a member, a non-member of a public project 403',
  'POST /projects/:id/merge_requests/:merge_request_iid/reset_spent_time':
    'merge-requests-collaboration.test.ts: a member, a non-member of a public project 403',
  'POST /projects/:id/repository/files/:file_path':
    'repository-files.test.ts: a Reporter 403, an outsider 404, the owner; protected-branches.test.ts: a Developer on the protected default branch 400',
  'PUT /projects/:id/repository/files/:file_path':
    'repository-files.test.ts: a Reporter 403, the owner; protected-branches.test.ts: a Developer on the protected default branch 400',
  'DELETE /projects/:id/repository/files/:file_path':
    'repository-files.test.ts: a Reporter 403, the owner',
  'POST /projects/:id/repository/commits':
    'repository.test.ts: a Reporter 403, a Developer; protected-branches.test.ts: a Developer on the protected default branch 400',
  'POST /projects/:id/protected_branches':
    'protected-branches.test.ts: a Developer 403, a Maintainer',
  // Authenticated by a trigger token or a CI job token, not by the caller's own token.
  'POST /projects/:id/trigger/pipeline':
    "pipeline-triggers.test.ts and ci-job-token.test.ts: a trigger token, another project's token 404, a job token outside the allowlist 404",
  'POST /projects/:id/ref/*ref/trigger/pipeline':
    'pipeline-triggers.test.ts: the same trigger-token route with the ref in the path',
}

/**
 * Write routes no test yet checks per kind of caller, each with why it is
 * left so; the writes matrix's completeness check counts them as named, so
 * that a new write route cannot ship unnamed. Shrink this list, never grow it
 * without a reason.
 */
export const UNCHECKED_WRITES: Readonly<Record<string, string>> = {
  'PATCH /groups/:id/member_roles/:member_role_id':
    "member-roles.test.ts asks only the Owner; PUT's refusals (same handler) are asked there",
  'POST /projects/:id/hooks/:hook_id/events/:hook_log_id/resend':
    'project-hooks.test.ts resends as the owner only; no refused caller is asked',
  'POST /projects/:id/hooks/:hook_id/test/:trigger':
    'project-hooks.test.ts tests as the owner and a Maintainer only; no refused caller is asked',
  'POST /projects/:id/merge_requests/:merge_request_iid/pipelines':
    'merge-requests-pipelines.test.ts asks members and anonymous (401) only',
  'POST /projects/:id/merge_requests/:merge_request_iid/unapprove':
    'merge-requests-collaboration.test.ts unapproves as the approver only',
  'POST /projects/:id/merge_requests/:merge_request_iid/discussions':
    'merge-requests-discussions.test.ts starts threads as members only (and the locked-request rule); no outsider or anonymous caller',
  'POST /projects/:id/merge_requests/:merge_request_iid/discussions/:discussion_id/notes':
    'merge-requests-discussions.test.ts replies as members only',
  'PUT /projects/:id/merge_requests/:merge_request_iid/discussions/:discussion_id/notes/:note_id':
    'internal-notes.test.ts: a member who may not read internal notes 403; no outsider or anonymous caller',
  'DELETE /projects/:id/merge_requests/:merge_request_iid/discussions/:discussion_id/notes/:note_id':
    'internal-notes.test.ts: a member who may not read internal notes 403; no outsider or anonymous caller',
  'PUT /projects/:id/issues/:issue_iid/discussions/:discussion_id/notes/:note_id':
    "no test asks a caller other than the note's author",
  'DELETE /projects/:id/issues/:issue_iid/discussions/:discussion_id/notes/:note_id':
    "no test asks a caller other than the note's author",
  'POST /projects/:id/repository/commits/:sha/discussions':
    'commit-comments.test.ts: a member, a Guest of a private project (404 Commit Not Found) and anonymous',
  'POST /projects/:id/repository/commits/:sha/discussions/:discussion_id/notes':
    'commit-comments.test.ts replies as a member only',
  'PUT /projects/:id/repository/commits/:sha/discussions/:discussion_id/notes/:note_id':
    "commit-comments.test.ts edits as the note's author only",
  'DELETE /projects/:id/repository/commits/:sha/discussions/:discussion_id/notes/:note_id':
    "commit-comments.test.ts deletes as the note's author only",
  'POST /projects/:id/pipeline':
    'pipelines-api.test.ts: "refuses what GitLab refuses when creating" asks some callers; no matrix',
  'POST /projects/:id/pipelines/:pipeline_id/retry':
    'pipelines-api.test.ts retries as a Developer only',
  'POST /projects/:id/jobs/:job_id/play': 'ci-runner.test.ts plays as a member only',
  'POST /projects/:id/jobs/:job_id/cancel': 'ci-runner.test.ts cancels as a member only',
  'POST /projects/:id/jobs/:job_id/retry': 'ci-runner.test.ts retries as a member only',
  'POST /projects/:id/statuses/:sha':
    "commit-statuses.test.ts posts as a Developer only (GitLab's input errors)",
}

/** Names in the lists above that are no write route of the gateway (a renamed or removed route). */
export function staleWriteNames(routes: readonly RouteJson[]): string[] {
  const real = new Set(
    routes.map((route) => `${route.method} ${RESOURCE.exec(route.path)?.[1] ?? route.path}`),
  )
  return [...Object.keys(WRITE_ROUTES_ELSEWHERE), ...Object.keys(UNCHECKED_WRITES)]
    .filter((name) => !real.has(name))
    .sort()
}

const RESOURCE = /^\/api\/v4(\/(?:projects|groups)\/:id(?:\/.*)?)$/

/** `METHOD /path` of every write route under /projects/:id or /groups/:id that `covered` does not name. */
export function uncoveredWrites(
  routes: readonly RouteJson[],
  covered: readonly string[],
): string[] {
  const known = new Set([...covered, ...Object.keys(UNCHECKED_WRITES)])
  return routes
    .filter((route) => route.method !== 'GET' && route.method !== 'HEAD')
    .map((route) => {
      const path = RESOURCE.exec(route.path)?.[1]
      return path === undefined ? undefined : `${route.method} ${path}`
    })
    .filter((name): name is string => name !== undefined && !known.has(name))
    .sort()
}
