/**
 * GitLab's API areas, by the first path pattern that matches (order matters),
 * save one method: the README's coverage table (scripts/api-coverage.mjs) and
 * the OpenAPI document's tags group routes alike.
 */
const AREAS: readonly (readonly [string, RegExp, string?])[] = [
  ['Probes and metrics', /^\/(-\/|metrics)/],
  ['Version and metadata', /^\/api\/v4\/(version|metadata)$/],
  ['OpenAPI document', /^\/api\/v4\/openapi\.json$/],
  ['Alert ingestion (notify URLs)', /^\/:full_path\//],
  ['Uploads (avatars)', /^\/uploads\//],
  ['Runner protocol (gitlab-runner)', /^\/api\/v4\/(runners(\/verify)?|jobs\/.*)$/, 'GET'],
  ['Runners', /^\/api\/v4\/(user\/runners|runners|projects\/:id\/runners)/],
  ['CI job token scope', /job_token_scope/],
  ['Project webhooks', /^\/api\/v4\/projects\/:id\/hooks/],
  ['Application settings', /^\/api\/v4\/application\/settings$/],
  ['CI/CD variables', /^\/api\/v4\/(admin\/ci|(projects|groups)\/:id)\/variables/],
  ['Pipeline triggers', /trigger/],
  ['Jobs', /^\/api\/v4\/(job$|projects\/:id\/(jobs|pipelines\/:pipeline_id\/jobs))/],
  ['Merge request notes', /merge_requests\/:merge_request_iid\/notes/],
  ['Merge request discussions', /merge_requests\/:merge_request_iid\/discussions/],
  [
    'Merge request resource state events',
    /merge_requests\/:merge_request_iid\/resource_state_events/,
  ],
  ['Merge requests', /merge_requests/],
  ['Commit statuses', /\/statuses/],
  ['Pipelines', /pipeline/],
  ['Repository: tags', /repository\/tags/],
  ['Repository: branches', /repository\/branches/],
  ['Repository: commits', /repository\/commits/],
  ['Repository: tree, files, compare', /repository\/(tree|files|compare)/],
  ['Repository: blobs, archives, snapshot', /(repository\/(blobs|archive|merge_base)|\/snapshot$)/],
  ['Alert management', /alert_management/],
  ['Milestones and labels', /\/(milestones|labels)/],
  ['Issues', /^\/api\/v4\/(issues|(projects|groups)\/:id\/issues)/],
  ['Member roles', /member_roles/],
  ['SAML identities', /\/saml\//],
  ['Members', /\/members/],
  ['Events', /events/],
  ['Personal access tokens', /personal_access_tokens/],
  ['Groups', /^\/api\/v4\/groups/],
  ['Projects', /^\/api\/v4\/projects/],
  ['Users', /^\/api\/v4\/users?/],
]

/** The area of a route, by method and Express template; 'Other' when no pattern matches. */
export function areaOf(method: string, path: string): string {
  return (
    AREAS.find(([, pattern, notMethod]) => pattern.test(path) && method !== notMethod)?.[0] ??
    'Other'
  )
}

/** A route's area: the one it declares, else the one its method and template fall in. */
export function routeArea(route: {
  method: string
  path: string
  operation?: { area?: string }
  area?: string
}): string {
  return route.area ?? route.operation?.area ?? areaOf(route.method, route.path)
}

/** Every area's name in table order, 'Other' last. */
export const AREA_NAMES: readonly string[] = [...AREAS.map(([name]) => name), 'Other']
