import type { RouteJson } from './route-table'

/**
 * GET routes of project and group resources that permissions-matrix.test.ts
 * covers (with the repository and merge request feature levels), or that
 * cannot be asked of the resource matrix's fixture, each with why. The
 * resource matrix's completeness check counts them as covered; every other
 * GET route under /projects/:id or /groups/:id needs a row there.
 */
export const RESOURCE_ROUTES_ELSEWHERE: readonly string[] = [
  // permissions-matrix.test.ts
  '/projects/:id',
  '/projects/:id/members',
  '/projects/:id/members/all',
  '/projects/:id/repository/branches',
  '/projects/:id/repository/tags',
  '/projects/:id/repository/commits',
  '/projects/:id/merge_requests',
  '/projects/:id/merge_requests/:merge_request_iid',
  '/projects/:id/merge_requests/:merge_request_iid/changes',
  '/projects/:id/merge_requests/:merge_request_iid/diffs',
  '/projects/:id/merge_requests/:merge_request_iid/versions',
  '/projects/:id/merge_requests/:merge_request_iid/pipelines',
  '/projects/:id/events',
  // A tag signature needs a signed tag (404 Signature Not Found otherwise): read_code like the tag.
  '/projects/:id/repository/tags/:tag_name/signature',
  // The same of a commit: the fixture's commits are unsigned; read_code like the commit.
  '/projects/:id/repository/commits/:sha/signature',
  // One award or one resource event needs the object; the lists have rows.
  '/projects/:id/merge_requests/:merge_request_iid/award_emoji/:award_id',
  '/projects/:id/merge_requests/:merge_request_iid/resource_state_events/:resource_event_id',
  '/projects/:id/merge_requests/:merge_request_iid/resource_label_events/:resource_event_id',
  '/projects/:id/merge_requests/:merge_request_iid/resource_milestone_events/:resource_event_id',
  // merge-request-calls.test.ts: a reader gets the merge ref, an outsider 404, anonymous 401
  // (the fixture's request need not merge cleanly, which a 200 here would need).
  '/projects/:id/merge_requests/:merge_request_iid/merge_ref',
  // permissions-matrix-edits.test.ts (every role x visibility, beside the fork rows)
  '/projects/:id/forks',
  // Admins only, whatever the project (project_snapshots.rb): repository-blobs-archive.test.ts
  // asks as an admin, the project's owner (403) and anonymously (401).
  '/projects/:id/snapshot',
]

/**
 * The other GET routes of the API (not under /projects/:id or /groups/:id),
 * each with where its answer per caller is checked or why it returns no
 * resource of a project. The resource matrix's second completeness check
 * counts them as covered; a new GET route needs a place here or a row.
 */
export const OTHER_GET_ROUTES: Readonly<Record<string, string>> = {
  '/metadata': 'instance facts, no project or group data',
  '/version': 'instance facts, no project or group data',
  '/openapi.json': 'the API description, no data',
  '/user': 'the caller themselves (auth.test.ts, users.test.ts)',
  '/user/status': 'permissions-matrix-users.test.ts: the caller themselves, 401 anonymous',
  '/users/:user_id/status': "permissions-matrix-users.test.ts: anyone reads a user's status",
  '/users': 'public user profiles (users.test.ts)',
  '/users/:id': 'a public user profile (users.test.ts)',
  '/users/:user_id/projects': 'projects visible to the caller (projects.test.ts)',
  '/users/:user_id/starred_projects':
    "a user's starred projects visible to the caller (project-stars.test.ts)",
  '/users/:id/events': "permissions-matrix.test.ts: every caller, the owner's events",
  '/users/:user_id/memberships':
    'permissions-matrix-users.test.ts: admin, the user, another user, anonymous',
  '/users/:user_id/impersonation_tokens':
    'permissions-matrix-users.test.ts: admin, the user, another user, anonymous',
  '/users/:user_id/impersonation_tokens/:impersonation_token_id':
    'permissions-matrix-users.test.ts: admin, the user, another user, anonymous',
  '/events': 'permissions-matrix.test.ts: every caller, own and scope=all',
  '/merge_requests': 'permissions-matrix.test.ts: every caller, scope=all',
  '/issues':
    "issues.test.ts: the caller's own, assigned and scope=all issues, anonymous and a stranger",
  '/groups': 'groups visible to the caller (groups.test.ts)',
  '/projects': 'projects visible to the caller (projects.test.ts)',
  '/member_roles': "the instance's custom roles, no project data (member-roles.test.ts)",
  '/admin/ci/variables':
    "the instance's CI/CD variables, admins only (ci-variables.test.ts: anonymous 401, a user 403)",
  '/admin/ci/variables/:key':
    "the instance's CI/CD variables, admins only (ci-variables.test.ts: anonymous 401, a user 403)",
  '/application/settings':
    'instance settings, no project data (only read and set as root in tests)',
  '/personal_access_tokens/self': "the caller's own token (personal-access-tokens.test.ts)",
  '/personal_access_tokens/:id':
    'own tokens, others only for admins (personal-access-tokens.test.ts)',
  '/job': 'the job of a CI job token; a personal token is refused (ci-job-token.test.ts)',
  '/runners': 'runner-lists-access.test.ts: anonymous, a user and an admin',
  '/runners/all': 'runner-lists-access.test.ts: anonymous, a user and an admin',
  '/runners/:id': 'ci-runner.test.ts: a member who may read it, a stranger 403',
}

const API = /^\/api\/v4(\/.*)$/

/** The GET routes of the API outside project and group resources that `covered` does not name. */
export function uncoveredOtherRoutes(routes: readonly RouteJson[]): string[] {
  const known = new Set(Object.keys(OTHER_GET_ROUTES))
  return routes
    .filter((route) => route.method === 'GET' && !RESOURCE.test(route.path))
    .map((route) => API.exec(route.path)?.[1])
    .filter((path): path is string => path !== undefined && !known.has(path))
    .sort()
}

const RESOURCE = /^\/api\/v4(\/(?:projects|groups)\/:id(?:\/.*)?)$/

/** The GET routes of project and group resources that `covered` does not name. */
export function uncoveredRoutes(
  routes: readonly RouteJson[],
  covered: readonly string[],
): string[] {
  const known = new Set(covered)
  return routes
    .filter((route) => route.method === 'GET')
    .map((route) => RESOURCE.exec(route.path)?.[1])
    .filter((path): path is string => path !== undefined && !known.has(path))
    .sort()
}
