import { insufficientScope } from '../errors/http-error.js'

/** Gitlab::Auth.all_available_scopes: what a personal access token may carry. */
export const ALL_SCOPES = [
  'api',
  'read_api',
  'read_user',
  'create_runner',
  'manage_runner',
  'k8s_proxy',
  'self_rotate',
  'read_repository',
  'write_repository',
  'read_registry',
  'write_registry',
  'read_virtual_registry',
  'write_virtual_registry',
  'ai_features',
  'sudo',
  'admin_mode',
  'read_service_ping',
] as const

/**
 * Which token scopes an endpoint registers (allow_access_with_scope):
 * - api: every endpoint (api; read_api for GET and HEAD only)
 * - user: the users endpoints, which also take read_user for GET and HEAD
 * - any: endpoints any token may call about itself (/personal_access_tokens/self)
 * - create_runner: POST /user/runners, which also takes create_runner
 * - manage_runner: /runners/:id, which also take manage_runner
 * The order is GitLab's: the endpoint class's own scopes before API::API's.
 */
export type ScopeSet = 'api' | 'user' | 'any' | 'create_runner' | 'manage_runner'

interface Registration {
  scope: string
  /** Registered with `if: request.get? || request.head?`. */
  readOnly: boolean
}

const API: readonly Registration[] = [
  { scope: 'api', readOnly: false },
  { scope: 'read_api', readOnly: true },
]

const REGISTERED: Readonly<Record<ScopeSet, readonly Registration[]>> = {
  api: API,
  user: [{ scope: 'read_user', readOnly: true }, ...API],
  create_runner: [{ scope: 'create_runner', readOnly: false }, ...API],
  manage_runner: [{ scope: 'manage_runner', readOnly: false }, ...API],
  any: ALL_SCOPES.map((scope) => ({ scope, readOnly: false })),
}

function isRead(method: string): boolean {
  return method === 'GET' || method === 'HEAD'
}

/** Whether a token with `tokenScopes` may call an endpoint of `set` with `method`. */
export function scopesAllow(
  tokenScopes: readonly string[],
  set: ScopeSet,
  method: string,
): boolean {
  return REGISTERED[set].some(
    ({ scope, readOnly }) => tokenScopes.includes(scope) && (!readOnly || isRead(method)),
  )
}

/** Throws GitLab's 403 insufficient_scope body naming every scope the endpoint registers. */
export function requireScopes(tokenScopes: readonly string[], set: ScopeSet, method: string): void {
  if (!scopesAllow(tokenScopes, set, method)) {
    throw insufficientScope(REGISTERED[set].map(({ scope }) => scope))
  }
}
