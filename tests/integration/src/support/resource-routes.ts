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
  // One award or one state event needs the object; the lists of both have rows.
  '/projects/:id/merge_requests/:merge_request_iid/award_emoji/:award_id',
  '/projects/:id/merge_requests/:merge_request_iid/resource_state_events/:resource_event_id',
]

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
