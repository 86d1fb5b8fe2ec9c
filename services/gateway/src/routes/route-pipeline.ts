import type { Request } from 'express'
import type { User } from '@suite/proto'
import { authenticate } from '../auth/authenticate.js'
import { callerOf, type Principal } from '../auth/principal.js'
import { requireScopes } from '../auth/scopes.js'
import type { TokenCache } from '../auth/token-cache.js'
import { extractSudo, extractToken } from '../auth/token.js'
import { findGroup, loadUsers } from '../clients/identity-lookups.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { findProject } from '../clients/project-lookups.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import type { PresentContext } from '../entities/present-context.js'
import { parseParams, type ParamShape, type ParamValues } from '../params/parse-params.js'
import { rawParams } from '../params/raw-params.js'
import type { HandlerContext, RouteSpec, Source } from './route-spec.js'

export interface RouteDeps {
  identity: IdentityClients
  projects: ProjectsClients
  tokenCache: TokenCache
  externalUrl: string
}

/** The request as the handler sees it, plus what the presenter needs to know of it. */
export interface Prepared<P, Src> {
  handler: HandlerContext<P, Src>
  accessLevel: number
}

type Preparable<S extends ParamShape, Src extends Source | undefined> = Pick<
  RouteSpec<S, Src>,
  'params' | 'rules' | 'scopes' | 'ability' | 'resolve' | 'projectRepository'
>

/**
 * Everything a route does before its handler, in GitLab's order: who asks
 * (401 for a bad token, sudo), the token's scopes, the ability's authenticate
 * step, parameter validation (400), the ability's authorize step, then `:id`.
 */
export async function prepare<
  S extends ParamShape,
  E extends ParamShape,
  Src extends Source | undefined,
>(
  req: Request,
  spec: Preparable<S, Src>,
  extraParams: E,
  deps: RouteDeps,
): Promise<Prepared<ParamValues<S & E>, Src>> {
  const raw = rawParams(req)
  const principal = await authenticate(extractToken(req, raw), extractSudo(req, raw), deps)
  if (principal.token && !principal.sudo) {
    requireScopes(principal.token.scopes, spec.scopes ?? 'api', req.method)
  }
  spec.ability.authenticate?.(principal)
  const shape = { ...spec.params, ...extraParams } as S & E
  const params = parseParams(shape, raw, spec.rules)
  spec.ability.authorize?.(principal, params)
  const group =
    spec.resolve === 'group'
      ? await findGroup(deps.identity, callerOf(principal), String(req.params['id']))
      : undefined
  const project =
    spec.resolve === 'project'
      ? await findProject(deps.projects, callerOf(principal), String(req.params['id']), {
          // GET /projects/:id?license=true: the one route that shows the license.
          license: (params as Record<string, unknown>)['license'] === true,
          repository: spec.projectRepository === true,
        })
      : undefined
  const accessLevel = group?.callerAccessLevel ?? project?.callerAccessLevel ?? 0
  const handler = {
    principal,
    caller: callerOf(principal, accessLevel),
    params,
    group,
    project,
  } as unknown as HandlerContext<ParamValues<S & E>, Src>
  return { handler, accessLevel }
}

/** The presenter's context, with the related users loaded in one batch call. */
export async function presentContext(
  principal: Principal,
  accessLevel: number,
  relatedUserIds: readonly number[],
  deps: RouteDeps,
): Promise<PresentContext> {
  const users: Map<number, User> = await loadUsers(deps.identity, relatedUserIds)
  return { externalUrl: deps.externalUrl, principal, accessLevel, users }
}

/** Grape's default statuses: 201 for POST, 204 when there is no body, else 200. */
export function successStatus(method: string, hasBody: boolean): number {
  if (method === 'POST') return hasBody ? 201 : 204
  return hasBody ? 200 : 204
}
